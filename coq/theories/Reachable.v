(** * Every reachable state: the invariants hold from the deal on, for every shuffle. *)

From Coq Require Import List Arith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal Conservation Piles.

(** The states a game can reach: the deal of a shuffled deck, then legal moves, each
    with whatever order its reshuffle (if any) gives. *)
Inductive reachable (r : rules) (order : list card) : state -> Prop :=
  | reach_deal : reachable r order (deal r order)
  | reach_step s m s' shuf :
      reachable r order s -> is_shuffle shuf -> step r shuf s m = Some s' ->
      reachable r order s'.

Lemma deal_invariants r order :
  first_player r < players r -> 0 < highest (rdeck r) ->
  wf r (deal r order) /\ builds_ok r (deal r order) /\ hands_ok r (deal r order).
Proof.
  intros Hf Hh. unfold deal.
  destruct (deal_stocks _ _ _) as [stk rest].
  assert (is_shuffle (fun l => l)) as Hid by (intros l; apply Permutation_refl).
  pose proof (fill_le r (fun l => l) [] rest [] Hid ltac:(simpl; lia)) as Hfill.
  destruct (fill r _ [] rest []) as [[h dp] comp].
  split; [split|split].
  - simpl. rewrite upd_length, repeat_length. reflexivity.
  - simpl. assumption.
  - intros q Hq. simpl in Hq. apply repeat_spec in Hq. subst q.
    split; simpl; [lia|]. intros i Hi. simpl in Hi. lia.
  - intros h' Hin. simpl in Hin. apply In_upd in Hin. destruct Hin as [Hin| ->]; [|assumption].
    apply repeat_spec in Hin. subst h'. simpl. lia.
Qed.

(** In every reachable state: a hand for every seat, every build pile a run below the
    highest value, no hand above the hand size, and exactly the cards of the deal. *)
(* kind: rules *)
Theorem reachable_invariants r order s :
  first_player r < players r -> 0 < highest (rdeck r) -> reachable r order s ->
  wf r s /\ builds_ok r s /\ hands_ok r s /\ Permutation (all_cards s) order.
Proof.
  intros Hf Hh H. induction H as [|s m s' shuf Hr IH Hs Hstep].
  - destruct (deal_invariants r order Hf Hh) as (W & B & Hd).
    split; [assumption|]. split; [assumption|]. split; [assumption|].
    apply deal_conserves. assumption.
  - destruct IH as (W & B & Hd & P). split; [|split; [|split]].
    + apply (step_wf r shuf s m s'); assumption.
    + apply (step_builds_ok r shuf s m s'); assumption.
    + apply (step_hands_ok r shuf s m s'); assumption.
    + apply Permutation_trans with (all_cards s); [|assumption].
      apply (step_conserves r shuf s m s'); assumption.
Qed.
