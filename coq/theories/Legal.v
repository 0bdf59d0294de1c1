(** * (a) [legal_moves] is sound and complete for [legal]; [step] is defined exactly
      on the legal moves; a finished game has no legal move (R-WIN-3). *)

From Coq Require Import List Arith Bool Lia.
Import ListNotations.
From SkipBoProofs Require Import SkipBo.

Lemma nth_nonempty_lt {A : Type} (l : list (list A)) i :
  nth i l [] <> [] -> i < length l.
Proof.
  intros H. destruct (Nat.lt_ge_cases i (length l)) as [|Hge]; [assumption|].
  exfalso. apply H. apply nth_overflow. exact Hge.
Qed.

Lemma builds_for_spec s c b : In b (builds_for s c) <-> can_build s b c.
Proof.
  unfold builds_for, can_build, acceptsb.
  rewrite filter_In, in_seq, orb_true_iff, !Nat.eqb_eq. unfold wild. lia.
Qed.

Lemma stock_moves_spec s k m :
  In m (stock_moves s k) <->
  exists b, m = PlayFromStock k b /\ nth k (stocks s) [] <> []
            /\ can_build s b (top (nth k (stocks s) [])).
Proof.
  unfold stock_moves. destruct (nth k (stocks s) []) as [|c rest] eqn:E.
  - simpl. split; [tauto|]. intros (b & _ & H & _). now apply H.
  - rewrite in_map_iff. split.
    + intros (b & <- & Hb). exists b. rewrite builds_for_spec in Hb.
      repeat split; try discriminate; apply Hb.
    + intros (b & -> & _ & Hb). exists b. split; [reflexivity|].
      now apply builds_for_spec.
Qed.

Lemma discard_pile_moves_spec s d i m :
  In m (discard_pile_moves s d i) <->
  exists b, m = PlayFromDiscard d i b /\ nth i (nth d (discards s) []) [] <> []
            /\ can_build s b (top (nth i (nth d (discards s) []) [])).
Proof.
  unfold discard_pile_moves. destruct (nth i (nth d (discards s) []) []) as [|c rest].
  - simpl. split; [tauto|]. intros (b & _ & H & _). now apply H.
  - rewrite in_map_iff. split.
    + intros (b & <- & Hb). exists b. rewrite builds_for_spec in Hb.
      repeat split; try discriminate; apply Hb.
    + intros (b & -> & _ & Hb). exists b. split; [reflexivity|].
      now apply builds_for_spec.
Qed.

(** Soundness and completeness together. *)
(* kind: rules *)
Theorem legal_moves_correct r s m : In m (legal_moves r s) <-> legal r s m.
Proof.
  unfold legal_moves, legal. destruct (outcome s) as [t|] eqn:Hout.
  { simpl. split; [tauto|]. intros [H _]. discriminate. }
  destruct (plays_allowed r s) eqn:Pa.
  - cbv beta iota zeta. rewrite !in_app_iff, !in_flat_map, !or_assoc. split.
    + intros [H|[H|[H|[H|H]]]]; split; try reflexivity.
      * destruct H as (c & Hc & Hm). apply in_map_iff in Hm.
        destruct Hm as (b & <- & Hb). apply builds_for_spec in Hb. tauto.
      * destruct H as (k & Hk & Hm). apply stock_moves_spec in Hm.
        destruct Hm as (b & -> & H1 & H2). tauto.
      * destruct H as (d & Hd & Hm). apply in_flat_map in Hm.
        destruct Hm as (i & _ & Hm). apply discard_pile_moves_spec in Hm.
        destruct Hm as (b & -> & H1 & H2). tauto.
      * destruct H as (c & Hc & Hm). apply in_map_iff in Hm.
        destruct Hm as (i & <- & Hi). apply in_seq in Hi. split; [assumption|]. apply Hi.
      * destruct (hand s) eqn:Hh; simpl in H; [|contradiction].
        destruct H as [<-|[]]. reflexivity.
    + intros [_ H]. destruct m as [c b|k b|d i b|c i|].
      * destruct H as [_ H]. left. exists c. split; [apply H|]. apply in_map_iff. exists b.
        split; [reflexivity|]. apply builds_for_spec. apply H.
      * destruct H as [_ H]. right; left. exists k. split; [apply H|]. apply stock_moves_spec.
        exists b. tauto.
      * destruct H as [_ H]. right; right; left. exists d. split; [apply H|]. apply in_flat_map.
        exists i. split.
        -- apply in_seq. split; [lia|]. simpl. apply nth_nonempty_lt. apply H.
        -- apply discard_pile_moves_spec. exists b. tauto.
      * right; right; right; left. exists c. split; [apply H|]. apply in_map_iff.
        exists i. split; [reflexivity|]. apply in_seq. lia.
      * right; right; right; right. rewrite H. now left.
  - simpl. rewrite !in_app_iff, !in_flat_map. split.
    + intros [H|H]; split; try reflexivity.
      * destruct H as (c & Hc & Hm). apply in_map_iff in Hm.
        destruct Hm as (i & <- & Hi). apply in_seq in Hi. split; [assumption|]. apply Hi.
      * destruct (hand s) eqn:Hh; simpl in H; [|contradiction].
        destruct H as [<-|[]]. reflexivity.
    + intros [_ H]. destruct m as [c b|k b|d i b|c i|];
        [destruct H as [E _]; discriminate..| |].
      * left. exists c. split; [apply H|]. apply in_map_iff.
        exists i. split; [reflexivity|]. apply in_seq. lia.
      * right. rewrite H. now left.
Qed.

(* kind: restates *)
Corollary legal_moves_sound r s m : In m (legal_moves r s) -> legal r s m.
Proof. apply legal_moves_correct. Qed.

(* kind: restates *)
Corollary legal_moves_complete r s m : legal r s m -> In m (legal_moves r s).
Proof. apply legal_moves_correct. Qed.

(** The step function is defined exactly on the legal moves, and there it is [perform]. *)
(* kind: restates *)
Theorem step_some r shuf s m s' :
  step r shuf s m = Some s' <-> legal r s m /\ s' = perform r shuf s m.
Proof.
  unfold step. rewrite <- legal_moves_correct.
  destruct (existsb _ (legal_moves r s)) eqn:E.
  - apply existsb_exists in E. destruct E as (m' & Hin & Heq).
    destruct (move_eq_dec m m') as [->|]; [|discriminate].
    split; [intros H; injection H as <-; tauto|]. intros [_ ->]. reflexivity.
  - split; [discriminate|]. intros [Hin _]. exfalso.
    assert (existsb (fun m' => if move_eq_dec m m' then true else false)
              (legal_moves r s) = true) as T.
    { apply existsb_exists. exists m. split; [assumption|].
      destruct (move_eq_dec m m); [reflexivity|contradiction]. }
    congruence.
Qed.

(* kind: restates *)
Theorem step_defined r shuf s m : step r shuf s m <> None <-> legal r s m.
Proof.
  split.
  - intros H. destruct (step r shuf s m) as [s'|] eqn:E; [|contradiction].
    apply step_some in E. tauto.
  - intros H E. unfold step in E. apply legal_moves_complete in H.
    destruct (existsb _ _) eqn:X; [discriminate|].
    assert (existsb (fun m' => if move_eq_dec m m' then true else false)
              (legal_moves r s) = true) as T.
    { apply existsb_exists. exists m. split; [assumption|].
      destruct (move_eq_dec m m); [reflexivity|contradiction]. }
    congruence.
Qed.

(** R-WIN-3: a finished game accepts no move, and asking for legal moves gives none. *)
(* kind: restates *)
Theorem over_no_moves r s :
  outcome s <> None -> legal_moves r s = [] /\ forall m, ~ legal r s m.
Proof.
  intros H. unfold legal_moves, legal. destruct (outcome s); [|contradiction].
  split; [reflexivity|]. intros m [E _]. discriminate.
Qed.

(** While the game goes on there is always a legal move: a discard or a pass
    (R-TURN-5, R-TURN-8), provided the seat's discard set has a pile. *)
(* kind: restates *)
Theorem never_stuck r s :
  outcome s = None -> 0 < length (nth (own_set r (current s)) (discards s) []) ->
  legal_moves r s <> [].
Proof.
  intros Hout Hd E. destruct (hand s) as [|c h] eqn:Hh.
  - assert (In Pass (legal_moves r s)) as H by
      (apply legal_moves_correct; unfold legal; rewrite Hh; tauto).
    rewrite E in H. contradiction.
  - assert (In (Discard c 0) (legal_moves r s)) as H.
    { apply legal_moves_correct. unfold legal. rewrite Hh. simpl. tauto. }
    rewrite E in H. contradiction.
Qed.
