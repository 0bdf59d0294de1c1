(** * The assumptions of every theorem.

    Compiling this file prints, for each theorem and corollary of the model, its name
    and then what it rests on.  "Closed under the global context" means: nothing but
    Coq's own logic, no axiom, no parameter, no admitted proof.  tools/coq_check.py
    compiles the proofs, checks that every theorem is listed here and that every
    listing says so. *)

From SkipBoProofs Require Import SkipBo Legal Conservation Piles GameOver Turns Skyjo SkyjoGame
  Reachable Perm.

Goal True. idtac "theorem Legal.legal_moves_correct". Abort.
Print Assumptions Legal.legal_moves_correct.

Goal True. idtac "theorem Legal.legal_moves_sound". Abort.
Print Assumptions Legal.legal_moves_sound.

Goal True. idtac "theorem Legal.legal_moves_complete". Abort.
Print Assumptions Legal.legal_moves_complete.

Goal True. idtac "theorem Legal.step_some". Abort.
Print Assumptions Legal.step_some.

Goal True. idtac "theorem Legal.step_defined". Abort.
Print Assumptions Legal.step_defined.

Goal True. idtac "theorem Legal.over_no_moves". Abort.
Print Assumptions Legal.over_no_moves.

Goal True. idtac "theorem Legal.never_stuck". Abort.
Print Assumptions Legal.never_stuck.

Goal True. idtac "theorem Conservation.draw_permutes". Abort.
Print Assumptions Conservation.draw_permutes.

Goal True. idtac "theorem Conservation.step_conserves_counts". Abort.
Print Assumptions Conservation.step_conserves_counts.

Goal True. idtac "theorem Conservation.step_conserves". Abort.
Print Assumptions Conservation.step_conserves.

Goal True. idtac "theorem Conservation.step_wf". Abort.
Print Assumptions Conservation.step_wf.

Goal True. idtac "theorem Conservation.deal_conserves". Abort.
Print Assumptions Conservation.deal_conserves.

Goal True. idtac "theorem Conservation.deck_size". Abort.
Print Assumptions Conservation.deck_size.

Goal True. idtac "theorem Conservation.deck_counts". Abort.
Print Assumptions Conservation.deck_counts.

Goal True. idtac "theorem Piles.place_spec". Abort.
Print Assumptions Piles.place_spec.

Goal True. idtac "theorem Piles.place_keeps_runs". Abort.
Print Assumptions Piles.place_keeps_runs.

Goal True. idtac "theorem Piles.step_builds_ok". Abort.
Print Assumptions Piles.step_builds_ok.

Goal True. idtac "theorem Piles.step_build_count". Abort.
Print Assumptions Piles.step_build_count.

Goal True. idtac "theorem Piles.fill_length". Abort.
Print Assumptions Piles.fill_length.

Goal True. idtac "theorem Piles.step_hands_ok". Abort.
Print Assumptions Piles.step_hands_ok.

Goal True. idtac "theorem Piles.fill_full". Abort.
Print Assumptions Piles.fill_full.

Goal True. idtac "theorem Piles.emptied_hand_refilled". Abort.
Print Assumptions Piles.emptied_hand_refilled.

Goal True. idtac "theorem Piles.next_hand_filled". Abort.
Print Assumptions Piles.next_hand_filled.

Goal True. idtac "theorem GameOver.step_empty_passes". Abort.
Print Assumptions GameOver.step_empty_passes.

Goal True. idtac "theorem GameOver.step_outcome". Abort.
Print Assumptions GameOver.step_outcome.

Goal True. idtac "theorem GameOver.blocked_exact". Abort.
Print Assumptions GameOver.blocked_exact.

Goal True. idtac "theorem GameOver.stock_emptied_exact". Abort.
Print Assumptions GameOver.stock_emptied_exact.

Goal True. idtac "theorem GameOver.turn_limit_exact". Abort.
Print Assumptions GameOver.turn_limit_exact.

Goal True. idtac "theorem Turns.endless_turn". Abort.
Print Assumptions Turns.endless_turn.

Goal True. idtac "theorem Turns.no_turn_measure". Abort.
Print Assumptions Turns.no_turn_measure.

Goal True. idtac "theorem Turns.play_measure_decreases". Abort.
Print Assumptions Turns.play_measure_decreases.

Goal True. idtac "theorem Skyjo.remove_column_conserves". Abort.
Print Assumptions Skyjo.remove_column_conserves.

Goal True. idtac "theorem Skyjo.sstep_conserves". Abort.
Print Assumptions Skyjo.sstep_conserves.

Goal True. idtac "theorem Skyjo.remove_column_spec". Abort.
Print Assumptions Skyjo.remove_column_spec.

Goal True. idtac "theorem Skyjo.placed_columns_ok". Abort.
Print Assumptions Skyjo.placed_columns_ok.

Goal True. idtac "theorem Skyjo.finish_columns_ok". Abort.
Print Assumptions Skyjo.finish_columns_ok.

Goal True. idtac "theorem Skyjo.finish_face_up". Abort.
Print Assumptions Skyjo.finish_face_up.

Goal True. idtac "theorem Skyjo.sstep_columns_ok". Abort.
Print Assumptions Skyjo.sstep_columns_ok.

Goal True. idtac "theorem Skyjo.round_scores_others". Abort.
Print Assumptions Skyjo.round_scores_others.

Goal True. idtac "theorem Skyjo.round_scores_ender". Abort.
Print Assumptions Skyjo.round_scores_ender.

Goal True. idtac "theorem Skyjo.round_scores_doubled". Abort.
Print Assumptions Skyjo.round_scores_doubled.

Goal True. idtac "theorem Skyjo.round_scores_no_ender". Abort.
Print Assumptions Skyjo.round_scores_no_ender.

Goal True. idtac "theorem Skyjo.end_turn_exact". Abort.
Print Assumptions Skyjo.end_turn_exact.

Goal True. idtac "theorem Skyjo.scored_round". Abort.
Print Assumptions Skyjo.scored_round.

Goal True. idtac "theorem Skyjo.ender_is_the_mover". Abort.
Print Assumptions Skyjo.ender_is_the_mover.

Goal True. idtac "theorem Skyjo.ender_stays". Abort.
Print Assumptions Skyjo.ender_stays.

Goal True. idtac "theorem Skyjo.ender_never_plays_again". Abort.
Print Assumptions Skyjo.ender_never_plays_again.

Goal True. idtac "theorem Skyjo.next_seat". Abort.
Print Assumptions Skyjo.next_seat.

Goal True. idtac "theorem Skyjo.turn_limit_ends_round". Abort.
Print Assumptions Skyjo.turn_limit_ends_round.

Goal True. idtac "theorem Skyjo.sstep_defined". Abort.
Print Assumptions Skyjo.sstep_defined.

Goal True. idtac "theorem Skyjo.slegal_moves_correct". Abort.
Print Assumptions Skyjo.slegal_moves_correct.

Goal True. idtac "theorem SkyjoGame.glegal_moves_correct". Abort.
Print Assumptions SkyjoGame.glegal_moves_correct.

Goal True. idtac "theorem SkyjoGame.gstep_defined". Abort.
Print Assumptions SkyjoGame.gstep_defined.

Goal True. idtac "theorem SkyjoGame.no_move_after_game_end". Abort.
Print Assumptions SkyjoGame.no_move_after_game_end.

Goal True. idtac "theorem SkyjoGame.game_end_exact". Abort.
Print Assumptions SkyjoGame.game_end_exact.

Goal True. idtac "theorem SkyjoGame.deal_conserves". Abort.
Print Assumptions SkyjoGame.deal_conserves.

Goal True. idtac "theorem SkyjoGame.gstep_conserves". Abort.
Print Assumptions SkyjoGame.gstep_conserves.

Goal True. idtac "theorem SkyjoGame.reveal_step_spec". Abort.
Print Assumptions SkyjoGame.reveal_step_spec.

Goal True. idtac "theorem SkyjoGame.next_round_starter". Abort.
Print Assumptions SkyjoGame.next_round_starter.

Goal True. idtac "theorem SkyjoGame.greachable_conserves". Abort.
Print Assumptions SkyjoGame.greachable_conserves.

Goal True. idtac "theorem SkyjoGame.first_starter_correct". Abort.
Print Assumptions SkyjoGame.first_starter_correct.

Goal True. idtac "theorem Reachable.reachable_invariants". Abort.
Print Assumptions Reachable.reachable_invariants.

Goal True. idtac "theorem Perm.apply_perm_permutes". Abort.
Print Assumptions Perm.apply_perm_permutes.
