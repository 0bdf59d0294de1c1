(** * The model, extracted to OCaml for the driver that ties the engine to it.

    Naturals become OCaml integers (ExtrOcamlNatInt), lists, options, booleans and
    pairs OCaml's own (ExtrOcamlBasic): the usual extraction, trusted as Coq's
    extraction and OCaml's compiler are (cards and counts are far below [max_int]). *)

From Coq Require Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From SkipBoProofs Require Import SkipBo Perm Views.

Extraction Language OCaml.
Extraction "skipbo_model" legal_moves step deal deck_cards apply_perm team_seats stock_pile_count
  default_deck default_stock_size default_hand_size default_build_pile_count
  default_discard_pile_count default_first_player default_turn_limit default_turn_move_limit
  default_stall_limit view.
