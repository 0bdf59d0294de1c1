(** * (f) Does every turn end?  Not for every shuffle: a turn can go on forever.

    RULES.md lets a player play on as long as plays are legal (R-TURN-2) and refills an
    emptied hand at once (R-TURN-4), reshuffling the completed cards into a new draw
    pile (R-DRAW-2).  Cards can therefore cycle hand -> build pile -> completed ->
    draw pile -> hand inside one turn.  Below: a deck the rules accept (one copy of
    1 and 2, three wilds, highest value 2; stock piles of one card, hands of one card,
    one build pile, a turn limit of one turn, a stall limit of one turn, no turn move
    limit), dealt from a fixed order, where the first player can play a wild in every
    move for ever, whatever the shuffle: no measure can decrease with every move of a
    turn, and neither the turn limit nor the stall limit (which count turns) ends this
    game.  This is why the rules bound a turn's moves (R-WIN-4 (a)): the theorems below
    hold for rules without a turn move limit ([turn_move_limit r0 = None]); with one,
    every game ends (Termination.v).

    What does hold ([play_measure_decreases]): while the draw pile holds a hand's worth
    of cards, every play inside a turn takes one card out of the hands, stock, discard
    and draw piles; so a turn without a reshuffle ends. *)

From Coq Require Import List Arith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal Conservation.

Fixpoint run (r : rules) (shuf : list card -> list card) (s : state) (ms : list move)
  : option state :=
  match ms with
  | [] => Some s
  | m :: rest => match step r shuf s m with Some s' => run r shuf s' rest | None => None end
  end.

Definition r0 : rules := mkRules 2 None false (mkDeck 1 3 2) 1 1 1 1 0 (Some 1) None (Some 1).

Definition order0 : list card := [1; 2; wild; wild; wild].

Lemma order0_is_deck : Permutation order0 (deck_cards (rdeck r0)).
Proof.
  exact (Permutation_app_comm [1; 2] [wild; wild; wild]).
Qed.

(** The states of the endless turn: after [k] moves of turn 1. *)
Definition cycle_a (k : nat) : state :=
  mkState [[1]; [2]] [[[]]; [[]]] [[wild]; []] [[]] [] [wild; wild] 0 1 k 0 0 None.
Definition cycle_b (k : nat) : state :=
  mkState [[1]; [2]] [[[]]; [[]]] [[wild]; []] [[wild]] [wild] [] 0 1 k 0 0 None.

Lemma shuffle_wilds shuf : is_shuffle shuf -> shuf [wild; wild] = [wild; wild].
Proof.
  intros Hs. destruct (Permutation_length_2_inv (Permutation_sym (Hs [wild; wild])))
    as [E|E]; exact E.
Qed.

Lemma deal_then_two r shuf :
  r = r0 -> run r shuf (deal r order0) [PlayFromHand wild 0; PlayFromHand wild 0] = Some (cycle_a 2).
Proof. intros ->. reflexivity. Qed.

Lemma cycle_step shuf k :
  is_shuffle shuf ->
  run r0 shuf (cycle_a k) [PlayFromHand wild 0; PlayFromHand wild 0] = Some (cycle_a (S (S k))).
Proof.
  intros Hs. pose proof (shuffle_wilds shuf Hs) as E.
  unfold run, step. cbv in E |- *. rewrite E. reflexivity.
Qed.

Lemma run_app r shuf s ms1 ms2 s1 :
  run r shuf s ms1 = Some s1 -> run r shuf s (ms1 ++ ms2) = run r shuf s1 ms2.
Proof.
  revert s. induction ms1 as [|m ms1 IH]; intros s H; simpl in *.
  - injection H as <-. reflexivity.
  - destruct (step r shuf s m); [apply IH; assumption|discriminate].
Qed.

Fixpoint wild_plays (n : nat) : list move :=
  match n with 0 => [] | S n' => PlayFromHand wild 0 :: PlayFromHand wild 0 :: wild_plays n' end.

(** For every shuffle and every [n], the first player of this game (whose rules have no
    turn move limit) can make [2n + 2] legal moves, and the game is still in its first
    turn, not over. *)
(* kind: rules *)
Theorem endless_turn shuf :
  is_shuffle shuf ->
  forall n, run r0 shuf (deal r0 order0) (wild_plays (S n)) = Some (cycle_a (2 + 2 * n)).
Proof.
  intros Hs n. change (wild_plays (S n)) with ([PlayFromHand wild 0; PlayFromHand wild 0] ++ wild_plays n).
  rewrite (run_app _ _ _ _ _ _ (deal_then_two r0 shuf eq_refl)).
  assert (forall n0 k, run r0 shuf (cycle_a k) (wild_plays n0) = Some (cycle_a (k + 2 * n0))) as C.
  { induction n0 as [|n0 IH]; intros k.
    - simpl. f_equal. f_equal. lia.
    - change (wild_plays (S n0)) with
        ([PlayFromHand wild 0; PlayFromHand wild 0] ++ wild_plays n0).
      rewrite (run_app _ _ _ _ _ _ (cycle_step shuf k Hs)). rewrite IH. f_equal. f_equal. lia. }
  rewrite C. reflexivity.
Qed.

(* kind: restates *)
Corollary no_turn_measure :
  exists r order, turn_move_limit r = None /\ Permutation order (deck_cards (rdeck r)) /\
  forall shuf, is_shuffle shuf -> forall n, exists ms s,
    n <= length ms /\ run r shuf (deal r order) ms = Some s
    /\ turn s = 1 /\ current s = 0 /\ outcome s = None.
Proof.
  exists r0, order0. split; [reflexivity|]. split; [exact order0_is_deck|]. intros shuf Hs n.
  exists (wild_plays (S n)), (cycle_a (2 + 2 * n)). split.
  - assert (forall k, length (wild_plays k) = 2 * k) as L.
    { induction k as [|k IH]; [reflexivity|]. cbn [wild_plays length]. rewrite IH. lia. }
    rewrite L. lia.
  - split; [apply endless_turn; assumption|]. repeat split.
Qed.

(** ** What does decrease: the cards a turn can still play *)

(** The cards in the hands, stock piles, discard piles and draw pile. *)
Definition measure (s : state) : nat :=
  length (concat (hands s)) + length (concat (stocks s))
  + length (concat (concat (discards s))) + length (draw_pile s).

Lemma len_concat_upd (l : list pile) i y :
  i < length l -> length (concat (upd l i y)) + length (nth i l []) = length (concat l) + length y.
Proof.
  revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia;
    rewrite !app_length; [lia|]. specialize (IH i ltac:(lia)). lia.
Qed.

Lemma len_concat2_upd (l : list (list pile)) i y :
  i < length l ->
  length (concat (concat (upd l i y))) + length (concat (nth i l [])) =
  length (concat (concat l)) + length (concat y).
Proof.
  revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia;
    rewrite !concat_app, !app_length; [lia|]. specialize (IH i ltac:(lia)). lia.
Qed.

Lemma remove_one_len c h : In c h -> length h = S (length (remove_one c h)).
Proof.
  induction h as [|a h IH]; simpl; [tauto|]. intros Hin.
  destruct (Nat.eqb_spec a c); [reflexivity|]. destruct Hin as [->|Hin]; [contradiction|].
  simpl. rewrite <- IH by assumption. reflexivity.
Qed.

Lemma removelast_len (p : pile) : p <> [] -> length p = S (length (removelast p)).
Proof.
  intros H. rewrite (app_removelast_last wild H) at 1. rewrite app_length. simpl. lia.
Qed.

Lemma after_play_measure r shuf s b c st ds hs won stall :
  hand_size r <= length (draw_pile s) -> current s < length hs ->
  measure (after_play r shuf s b c st ds hs won stall) =
  length (concat hs) + length (concat st) + length (concat (concat ds)) + length (draw_pile s).
Proof.
  intros Hd Hp. unfold after_play. destruct (place r s b c) as [builds' comp1].
  destruct won; [reflexivity|].
  destruct (nth (current s) hs []) as [|a rest] eqn:Eh; [|reflexivity].
  unfold fill, draw. simpl length.
  destruct (Nat.leb_spec (hand_size r - 0) (length (draw_pile s))); [|lia].
  unfold measure. cbn [hands stocks discards draw_pile].
  pose proof (len_concat_upd hs (current s) ([] ++ skipn (length (draw_pile s) - (hand_size r - 0))
     (draw_pile s)) Hp) as U.
  rewrite Eh in U. simpl in U |- *.
  pose proof (firstn_skipn (length (draw_pile s) - (hand_size r - 0)) (draw_pile s)) as F.
  apply (f_equal (@length nat)) in F. rewrite app_length in F. lia.
Qed.

(** While the draw pile holds at least a hand's worth of cards (so that no refill can
    reshuffle), every play inside a turn takes exactly one card out of the hands,
    stock, discard and draw piles: a turn in which no reshuffle happens ends. *)
(* kind: rules *)
Theorem play_measure_decreases r shuf s m s' :
  wf r s -> step r shuf s m = Some s' -> m <> Pass -> (forall c i, m <> Discard c i) ->
  hand_size r <= length (draw_pile s) -> S (measure s') = measure s.
Proof.
  intros [Hl Hc] Hstep Hpass Hdisc Hd. apply step_some in Hstep.
  destruct Hstep as [[_ Hleg] ->].
  assert (current s < length (hands s)) as Hp by lia.
  destruct m as [c b|k b|d i b|c i|]; simpl in Hleg |- *;
    [| | |exfalso; apply (Hdisc c i); reflexivity|contradiction].
  - rewrite after_play_measure by (try rewrite upd_length; assumption).
    destruct Hleg as (_ & Hin & _).
    pose proof (len_concat_upd (hands s) (current s) (remove_one c (hand s)) Hp).
    pose proof (remove_one_len c (hand s) Hin). unfold hand, measure in *. lia.
  - rewrite after_play_measure by assumption. destruct Hleg as (_ & _ & Hne & _).
    pose proof (len_concat_upd (stocks s) k (removelast (nth k (stocks s) []))
                  (nth_nonempty_lt _ _ Hne)).
    pose proof (removelast_len _ Hne). unfold measure. lia.
  - rewrite after_play_measure by assumption. destruct Hleg as (_ & _ & Hne & _).
    assert (Hdn : nth d (discards s) [] <> []).
    { intros E. rewrite E in Hne. destruct i; apply Hne; reflexivity. }
    pose proof (len_concat2_upd (discards s) d
                  (upd (nth d (discards s) []) i (removelast (nth i (nth d (discards s) []) [])))
                  (nth_nonempty_lt _ _ Hdn)).
    pose proof (len_concat_upd (nth d (discards s) []) i
                  (removelast (nth i (nth d (discards s) []) [])) (nth_nonempty_lt _ _ Hne)).
    pose proof (removelast_len _ Hne). unfold measure. lia.
Qed.
