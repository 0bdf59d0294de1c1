"""Variants' extras: match play and scoring, the referee penalty, decks of playing cards."""
