(** * Skyjo: a round, as a Coq model (SKYJO_RULES.md), and its theorems.

    Written from the normative rules (shared SKYJO_RULES.md).  The model covers a
    round's play from the first turn (after the two reveals of S-SETUP-4) to its
    scoring: taking a card (S-TURN-1), swapping it in or discarding it and turning a
    card up (S-TURN-2/3), column removal (S-COL-1..4), the reshuffle of the discard
    pile (S-DRAW-1, an input as in Skip-Bo's model), the round's end (S-END-1..3) and
    its scoring with the round ender's doubling (S-SCORE-1/2).  SkyjoGame.v builds a
    whole game on it: the deal, the reveals, the starter, the rounds and the game's end.

    A grid is a list of places, column [k] being places [3k], [3k+1], [3k+2]
    (S-SETUP-2); a place is face down, face up, or gone with its removed column
    (S-COL-4).  Piles have their top at the end. *)

From Coq Require Import List Arith ZArith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Conservation.

Inductive place := Gone | Down (v : Z) | Up (v : Z).
Notation grid := (list place) (only parsing).

Record srules := mkSRules {
  splayers : nat;
  sturn_limit : option nat;    (** the optional turn limit of a round (S-END-3) *)
  sstall_limit : option nat    (** the turns in a row without progress that end a round
                                   (S-END-3) *)
}.

Inductive phase :=
  | Take                                  (** take a card (S-TURN-1) *)
  | PlaceCard (held : Z) (drawn : bool)   (** place the card taken; [drawn]: from the draw pile *)
  | Scored (scores : list Z).             (** the round is over and scored (S-END-2) *)

Record sstate := mkSState {
  grids : list grid;
  discard_pile : list Z;
  sdraw_pile : list Z;
  scurrent : nat;
  sphase : phase;
  turns : nat;
  sstall_turns : nat;   (** turns ended in a row in this round without progress (S-END-3) *)
  ender : option nat
}.

Inductive smove := TakeDiscard | Draw | Swap (p : nat) | DiscardFlip (p : nat).

(** ** Columns (S-COL-1, S-COL-4) *)

Definition column_value (g : grid) (k : nat) : option Z :=
  match nth (3 * k) g Gone, nth (3 * k + 1) g Gone, nth (3 * k + 2) g Gone with
  | Up a, Up b, Up c => if (a =? b)%Z && (b =? c)%Z then Some a else None
  | _, _, _ => None
  end.

(** A complete column (three face-up cards of one value) goes to the discard pile. *)
Definition remove_column (g : grid) (k : nat) : grid * list Z :=
  match column_value g k with
  | Some v => (upd (upd (upd g (3 * k) Gone) (3 * k + 1) Gone) (3 * k + 2) Gone, [v; v; v])
  | None => (g, [])
  end.

Definition no_complete_column (g : grid) : Prop := forall k, column_value g k = None.

Definition place_cards (q : place) : list Z :=
  match q with Gone => [] | Down v | Up v => [v] end.

Definition grid_cards (g : grid) : list Z := flat_map place_cards g.

Definition has_down (g : grid) : bool :=
  existsb (fun q => match q with Down _ => true | _ => false end) g.

Definition reveal (q : place) : place := match q with Down v => Up v | q => q end.

(** S-END-2 / S-COL-3: every card face up, then every complete column removed. *)
Definition finish (g : grid) : grid * list Z :=
  let '(g0, r0) := remove_column (map reveal g) 0 in
  let '(g1, r1) := remove_column g0 1 in
  let '(g2, r2) := remove_column g1 2 in
  let '(g3, r3) := remove_column g2 3 in
  (g3, r0 ++ r1 ++ r2 ++ r3).

Definition grid_sum (g : grid) : Z := fold_right Z.add 0%Z (grid_cards g).

(** ** Scoring (S-SCORE-1, S-SCORE-2) *)

(** The round ender's positive score is doubled when another player scored as little or
    less. *)
Definition beaten (sums : list Z) (i : nat) : bool :=
  existsb (fun j => negb (Nat.eqb j i) && (nth j sums 0 <=? nth i sums 0)%Z)
          (seq 0 (length sums)).

Definition round_scores (sums : list Z) (e : option nat) : list Z :=
  match e with
  | None => sums
  | Some i =>
      if (0 <? nth i sums 0)%Z && beaten sums i then upd sums i (2 * nth i sums 0)%Z else sums
  end.

Definition end_round (s : sstate) (gs : list grid) (dp : list Z) (e : option nat)
    (stall : nat) : sstate :=
  let finished := map finish gs in
  let gs' := map fst finished in
  mkSState gs' (dp ++ concat (map snd finished)) (sdraw_pile s) (scurrent s)
    (Scored (round_scores (map grid_sum gs') e)) (S (turns s)) stall e.

(** S-END-1: the round ender is the first player left with no face-down card. *)
Definition new_ender (s : sstate) (gs : list grid) : option nat :=
  match ender s with
  | None => if has_down (nth (scurrent s) gs []) then None else Some (scurrent s)
  | Some x => Some x
  end.

(** S-END-3: a round is cut short at the turn limit, or when the turns in a row without
    progress reach the stall limit. *)
Definition limited (r : srules) (t stall : nat) : bool :=
  match sturn_limit r with Some l => l <=? t | None => false end
  || match sstall_limit r with Some l => l <=? stall | None => false end.

(** S-TURN-4, S-END-1, S-END-3: the end of a turn; [progress]: the turn turned a
    face-down card up or removed a column. *)
Definition end_turn (r : srules) (s : sstate) (gs : list grid) (dp : list Z)
    (progress : bool) : sstate :=
  let seat := scurrent s in
  let t := S (turns s) in
  let stall := if progress then 0 else S (sstall_turns s) in
  let e := new_ender s gs in
  if limited r t stall then end_round s gs dp None stall
  else
    let f := S seat mod splayers r in
    if match e with Some x => Nat.eqb x f | None => false end
    then end_round s gs dp e stall
    else mkSState gs dp (sdraw_pile s) f Take t stall e.

(** S-END-3: progress in a turn: its placing move turned a face-down card up (a swap at a
    face-down place included) or removed a column. *)
Definition progressb (old : place) (removed : list Z) : bool :=
  match old with Down _ => true | _ => match removed with [] => false | _ => true end end.

(** Placing the card held at place [p]: a swap (the replaced card is discarded) or a
    discard of the card held and a card turned up (S-TURN-2/3); then the column. *)
Definition place_at (r : srules) (s : sstate) (p : nat) (newq : place) (out : Z) : sstate :=
  let g := nth (scurrent s) (grids s) [] in
  let '(g', removed) := remove_column (upd g p newq) (p / 3) in
  end_turn r s (upd (grids s) (scurrent s) g') (discard_pile s ++ [out] ++ removed)
    (progressb (nth p g Gone) removed).

Definition slegalb (s : sstate) (m : smove) : bool :=
  match sphase s, m with
  | Take, TakeDiscard => negb (match discard_pile s with [] => true | _ => false end)
  | Take, Draw => negb (match sdraw_pile s with [] => true | _ => false end)
                  || (2 <=? length (discard_pile s))
  | PlaceCard _ _, Swap p =>
      match nth p (nth (scurrent s) (grids s) []) Gone with Gone => false | _ => true end
  | PlaceCard _ true, DiscardFlip p =>
      match nth p (nth (scurrent s) (grids s) []) Gone with Down _ => true | _ => false end
  | _, _ => false
  end.

Definition sstep (r : srules) (shuf : list Z -> list Z) (s : sstate) (m : smove)
  : option sstate :=
  if negb (slegalb s m) then None else
  Some match sphase s, m with
  | Take, TakeDiscard =>
      mkSState (grids s) (removelast (discard_pile s)) (sdraw_pile s) (scurrent s)
        (PlaceCard (last (discard_pile s) 0%Z) false) (turns s) (sstall_turns s) (ender s)
  | Take, Draw =>
      let '(dp, pile) :=
        match sdraw_pile s with
        | [] => ([last (discard_pile s) 0%Z], shuf (removelast (discard_pile s)))
        | pile => (discard_pile s, pile)
        end in
      mkSState (grids s) dp (removelast pile) (scurrent s) (PlaceCard (last pile 0%Z) true)
        (turns s) (sstall_turns s) (ender s)
  | PlaceCard h _, Swap p =>
      let old := nth p (nth (scurrent s) (grids s) []) Gone in
      place_at r s p (Up h) (match old with Down v | Up v => v | Gone => 0%Z end)
  | PlaceCard h _, DiscardFlip p =>
      let old := nth p (nth (scurrent s) (grids s) []) Gone in
      place_at r s p (Up (match old with Down v | Up v => v | Gone => 0%Z end)) h
  | _, _ => s
  end.

(** ** Conservation *)

Definition held_cards (s : sstate) : list Z :=
  match sphase s with PlaceCard h _ => [h] | _ => [] end.

Definition sall_cards (s : sstate) : list Z :=
  concat (map grid_cards (grids s)) ++ discard_pile s ++ sdraw_pile s ++ held_cards s.

Definition zcnt (x : Z) (l : list Z) : nat := count_occ Z.eq_dec l x.

Lemma zcnt_app x a b : zcnt x (a ++ b) = zcnt x a + zcnt x b.
Proof. apply count_occ_app. Qed.

Lemma zcnt_removelast x (l : list Z) : l <> [] -> zcnt x l = zcnt x (removelast l) + zcnt x [last l 0%Z].
Proof. intros H. rewrite (app_removelast_last 0%Z H) at 1. apply zcnt_app. Qed.

Lemma nth_lt_place (g : grid) i : nth i g Gone <> Gone -> i < length g.
Proof.
  intros H. destruct (Nat.lt_ge_cases i (length g)); [assumption|].
  exfalso. apply H. apply nth_overflow. assumption.
Qed.

Lemma zcnt_grid_upd x (g : grid) i q :
  i < length g ->
  zcnt x (grid_cards (upd g i q)) + zcnt x (place_cards (nth i g Gone)) =
  zcnt x (grid_cards g) + zcnt x (place_cards q).
Proof.
  unfold grid_cards. revert i; induction g as [|a g IH]; intros [|i] H; simpl in *; try lia;
    rewrite !zcnt_app; [lia|]. specialize (IH i ltac:(lia)). lia.
Qed.

Lemma zcnt_grids_upd x (gs : list grid) i g :
  i < length gs ->
  zcnt x (concat (map grid_cards (upd gs i g))) + zcnt x (grid_cards (nth i gs [])) =
  zcnt x (concat (map grid_cards gs)) + zcnt x (grid_cards g).
Proof.
  revert i; induction gs as [|a gs IH]; intros [|i] H; simpl in *; try lia;
    rewrite !zcnt_app; [lia|]. specialize (IH i ltac:(lia)). lia.
Qed.

Lemma upd_length_place (g : grid) i q : length (upd g i q) = length g.
Proof. revert i; induction g; intros [|i]; simpl; auto. Qed.

Lemma nth_upd_other_place (g : grid) i j q : i <> j -> nth j (upd g i q) Gone = nth j g Gone.
Proof. revert i j; induction g; intros [|i] [|j] H; simpl; auto; lia. Qed.

(** S-COL-1: removing a column moves its cards to the removed list, nothing else. *)
(* kind: rules *)
Theorem remove_column_conserves x g k :
  let '(g', removed) := remove_column g k in
  zcnt x (grid_cards g') + zcnt x removed = zcnt x (grid_cards g).
Proof.
  unfold remove_column, column_value.
  destruct (nth (3 * k) g Gone) as [|a|a] eqn:E0; try (simpl; lia).
  destruct (nth (3 * k + 1) g Gone) as [|b|b] eqn:E1; try (simpl; lia).
  destruct (nth (3 * k + 2) g Gone) as [|c|c] eqn:E2; try (simpl; lia).
  destruct ((a =? b)%Z && (b =? c)%Z) eqn:E; [|simpl; lia].
  apply andb_true_iff in E. destruct E as [Eab Ebc]. apply Z.eqb_eq in Eab, Ebc. subst b c.
  assert (L0 : 3 * k < length g) by (apply nth_lt_place; congruence).
  assert (L1 : 3 * k + 1 < length g) by (apply nth_lt_place; congruence).
  assert (L2 : 3 * k + 2 < length g) by (apply nth_lt_place; congruence).
  pose proof (zcnt_grid_upd x g (3 * k) Gone L0) as U0.
  pose proof (zcnt_grid_upd x (upd g (3 * k) Gone) (3 * k + 1) Gone
                ltac:(rewrite upd_length_place; lia)) as U1.
  pose proof (zcnt_grid_upd x (upd (upd g (3 * k) Gone) (3 * k + 1) Gone) (3 * k + 2) Gone
                ltac:(rewrite !upd_length_place; lia)) as U2.
  rewrite nth_upd_other_place in U1 by lia.
  rewrite !nth_upd_other_place in U2 by lia.
  rewrite E0 in U0. rewrite E1 in U1. rewrite E2 in U2.
  unfold zcnt in *. simpl in *. destruct (Z.eq_dec a x); lia.
Qed.

Lemma reveal_conserves x g : zcnt x (grid_cards (map reveal g)) = zcnt x (grid_cards g).
Proof.
  unfold grid_cards. induction g as [|q g IH]; [reflexivity|]. simpl.
  rewrite !zcnt_app, IH. destruct q; reflexivity.
Qed.

Lemma finish_conserves x g :
  let '(g', removed) := finish g in
  zcnt x (grid_cards g') + zcnt x removed = zcnt x (grid_cards g).
Proof.
  unfold finish. rewrite <- (reveal_conserves x g).
  pose proof (remove_column_conserves x (map reveal g) 0).
  destruct (remove_column (map reveal g) 0) as [g0 r0].
  pose proof (remove_column_conserves x g0 1). destruct (remove_column g0 1) as [g1 r1].
  pose proof (remove_column_conserves x g1 2). destruct (remove_column g1 2) as [g2 r2].
  pose proof (remove_column_conserves x g2 3). destruct (remove_column g2 3) as [g3 r3].
  rewrite !zcnt_app. lia.
Qed.

Lemma end_round_conserves x s gs dp e st :
  zcnt x (sall_cards (end_round s gs dp e st)) =
  zcnt x (concat (map grid_cards gs)) + zcnt x dp + zcnt x (sdraw_pile s).
Proof.
  unfold end_round, sall_cards, held_cards. simpl. rewrite !zcnt_app.
  assert (forall gs0 : list grid, zcnt x (concat (map grid_cards (map fst (map finish gs0))))
            + zcnt x (concat (map snd (map finish gs0))) = zcnt x (concat (map grid_cards gs0))) as H.
  { induction gs0 as [|g gs0 IH]; [reflexivity|]. simpl. rewrite !zcnt_app.
    pose proof (finish_conserves x g). destruct (finish g). simpl. lia. }
  specialize (H gs). unfold zcnt in *. simpl. lia.
Qed.

Lemma end_turn_conserves x r s gs dp pr :
  zcnt x (sall_cards (end_turn r s gs dp pr)) =
  zcnt x (concat (map grid_cards gs)) + zcnt x dp + zcnt x (sdraw_pile s).
Proof.
  unfold end_turn.
  destruct (limited r _ _); [apply end_round_conserves|].
  destruct (match _ with Some x => _ | None => false end); [apply end_round_conserves|].
  unfold sall_cards, held_cards. simpl. rewrite !zcnt_app. simpl. lia.
Qed.

(** Conservation: no step makes or loses a card, whatever the reshuffle's order. *)
(* kind: rules *)
Theorem sstep_conserves r shuf s m s' x :
  (forall l, Permutation (shuf l) l) ->
  sstep r shuf s m = Some s' -> zcnt x (sall_cards s') = zcnt x (sall_cards s).
Proof.
  intros Hs H. unfold sstep in H. destruct (slegalb s m) eqn:L; [|discriminate].
  simpl in H. injection H as <-. unfold slegalb in L.
  destruct (sphase s) as [|h d|sc] eqn:P; destruct m as [| |p|p]; try discriminate;
    try (destruct d; discriminate).
  - (* take the discard pile's top *)
    assert (Hne : discard_pile s <> []) by (intros E; rewrite E in L; discriminate).
    pose proof (zcnt_removelast x _ Hne).
    unfold sall_cards, held_cards. cbn [grids discard_pile sdraw_pile sphase]. rewrite P.
    rewrite !zcnt_app. unfold zcnt in *. simpl in *. lia.
  - (* draw *)
    unfold sall_cards, held_cards. cbn [sphase]. rewrite P.
    destruct (sdraw_pile s) as [|c rest] eqn:Dp.
    + rewrite orb_true_iff in L. destruct L as [L|L]; [discriminate|]. apply Nat.leb_le in L.
      assert (Hne : discard_pile s <> []) by (intros E; rewrite E in L; simpl in L; lia).
      assert (Hf : shuf (removelast (discard_pile s)) <> []).
      { intros E. pose proof (Permutation_length (Hs (removelast (discard_pile s)))) as Lp.
        rewrite E in Lp. rewrite (app_removelast_last 0%Z Hne) in L.
        rewrite app_length in L. simpl in *. lia. }
      cbn [grids discard_pile sdraw_pile]. rewrite !zcnt_app.
      pose proof (zcnt_removelast x _ Hf).
      pose proof (zcnt_removelast x _ Hne).
      pose proof (proj1 (Permutation_count_occ Z.eq_dec _ _) (Hs (removelast (discard_pile s))) x).
      unfold zcnt in *. simpl in *. lia.
    + cbn [grids discard_pile sdraw_pile]. rewrite !zcnt_app.
      pose proof (zcnt_removelast x (c :: rest) ltac:(discriminate)). unfold zcnt in *. simpl in *.
      lia.
  - (* swap *)
    unfold place_at. set (g := nth (scurrent s) (grids s) []) in *.
    assert (Hp : p < length g).
    { apply nth_lt_place. intros E. rewrite E in L. destruct d; discriminate. }
    destruct (nth p g Gone) as [|v|v] eqn:Q; [destruct d; discriminate| |];
    pose proof (remove_column_conserves x (upd g p (Up h)) (p / 3));
    destruct (remove_column (upd g p (Up h)) (p / 3)) as [g' removed];
    rewrite end_turn_conserves;
    assert (Hc : scurrent s < length (grids s)) by
      (destruct (Nat.lt_ge_cases (scurrent s) (length (grids s))); [assumption|];
       unfold g in Hp; rewrite nth_overflow in Hp by assumption; simpl in Hp; lia);
    pose proof (zcnt_grids_upd x (grids s) (scurrent s) g' Hc);
    pose proof (zcnt_grid_upd x g p (Up h) Hp); rewrite Q in *;
    unfold sall_cards, held_cards; rewrite P; rewrite !zcnt_app; subst g;
    unfold zcnt in *; simpl in *; destruct (Z.eq_dec h x); destruct (Z.eq_dec v x); lia.
  - (* discard the card drawn and turn a card up *)
    destruct d; [|discriminate].
    unfold place_at. set (g := nth (scurrent s) (grids s) []) in *.
    destruct (nth p g Gone) as [|v|v] eqn:Q; try discriminate.
    pose proof (remove_column_conserves x (upd g p (Up v)) (p / 3)).
    destruct (remove_column (upd g p (Up v)) (p / 3)) as [g' removed].
    rewrite end_turn_conserves.
    assert (Hp : p < length g) by (apply nth_lt_place; congruence).
    assert (Hc : scurrent s < length (grids s)) by
      (destruct (Nat.lt_ge_cases (scurrent s) (length (grids s))); [assumption|];
       unfold g in Hp; rewrite nth_overflow in Hp by assumption; simpl in Hp; lia).
    pose proof (zcnt_grids_upd x (grids s) (scurrent s) g' Hc).
    pose proof (zcnt_grid_upd x g p (Up v) Hp). rewrite Q in *.
    unfold sall_cards, held_cards. rewrite P. rewrite !zcnt_app. subst g.
    unfold zcnt in *. simpl in *. destruct (Z.eq_dec h x); destruct (Z.eq_dec v x); lia.
Qed.

(** ** Columns (S-COL-1..4) *)

Lemma nth_upd_same_place (g : grid) i q : i < length g -> nth i (upd g i q) Gone = q.
Proof. revert i; induction g; intros [|i] H; simpl in *; try lia; auto with arith. Qed.

Lemma column_value_lt g k v :
  column_value g k = Some v ->
  3 * k + 2 < length g /\ nth (3 * k) g Gone = Up v /\ nth (3 * k + 1) g Gone = Up v
  /\ nth (3 * k + 2) g Gone = Up v.
Proof.
  unfold column_value.
  destruct (nth (3 * k) g Gone) as [|a|a] eqn:E0; try discriminate.
  destruct (nth (3 * k + 1) g Gone) as [|b|b] eqn:E1; try discriminate.
  destruct (nth (3 * k + 2) g Gone) as [|c|c] eqn:E2; try discriminate.
  destruct ((a =? b)%Z && (b =? c)%Z) eqn:E; [|discriminate]. intros H. injection H as <-.
  apply andb_true_iff in E. destruct E as [Eab Ebc]. apply Z.eqb_eq in Eab, Ebc. subst b c.
  repeat split; auto. apply nth_lt_place. congruence.
Qed.

Lemma column_value_upd_other g i q k :
  i <> 3 * k -> i <> 3 * k + 1 -> i <> 3 * k + 2 ->
  column_value (upd g i q) k = column_value g k.
Proof. intros. unfold column_value. rewrite !nth_upd_other_place by lia. reflexivity. Qed.

(** S-COL-1, S-COL-4: what [remove_column] does, exactly: a complete column is
    removed, its three cards go to the discard pile, and no other place changes;
    any other column stays as it is. *)
(* kind: restates *)
Theorem remove_column_spec g k :
  match column_value g k with
  | Some v =>
      remove_column g k = (upd (upd (upd g (3 * k) Gone) (3 * k + 1) Gone) (3 * k + 2) Gone,
                           [v; v; v])
      /\ forall j, j <> 3 * k -> j <> 3 * k + 1 -> j <> 3 * k + 2 ->
           nth j (fst (remove_column g k)) Gone = nth j g Gone
  | None => remove_column g k = (g, [])
  end.
Proof.
  unfold remove_column. destruct (column_value g k) as [v|]; [|reflexivity].
  split; [reflexivity|]. intros j H0 H1 H2. simpl. rewrite !nth_upd_other_place by lia.
  reflexivity.
Qed.

Lemma remove_column_clears g k : column_value (fst (remove_column g k)) k = None.
Proof.
  unfold remove_column. destruct (column_value g k) as [v|] eqn:E; [|exact E].
  simpl. apply column_value_lt in E. destruct E as (L & _).
  unfold column_value.
  rewrite nth_upd_other_place, nth_upd_other_place by lia.
  rewrite nth_upd_same_place by lia. reflexivity.
Qed.

Lemma remove_column_other g k j : j <> k ->
  column_value (fst (remove_column g k)) j = column_value g j.
Proof.
  intros H. unfold remove_column. destruct (column_value g k); [|reflexivity].
  simpl. rewrite !column_value_upd_other by lia. reflexivity.
Qed.

Lemma column_of_place k r : r < 3 -> (3 * k + r) / 3 = k.
Proof.
  intros H. rewrite Nat.mul_comm, Nat.div_add_l by lia.
  destruct r as [|[|[|r]]]; simpl; lia.
Qed.

Definition columns_ok (g : grid) : Prop := forall k, k < 4 -> column_value g k = None.

(** After a card is placed at [p] and its column checked, no column is complete. *)
(* kind: rules *)
Theorem placed_columns_ok g p q :
  columns_ok g -> columns_ok (fst (remove_column (upd g p q) (p / 3))).
Proof.
  intros Hg k Hk. destruct (Nat.eq_dec k (p / 3)) as [->|Hne].
  - apply remove_column_clears.
  - rewrite remove_column_other by assumption.
    rewrite column_value_upd_other; [apply Hg; assumption| | |];
      intros E; apply Hne; rewrite E.
    + rewrite <- (Nat.add_0_r (3 * k)). rewrite column_of_place; lia.
    + rewrite column_of_place; lia.
    + rewrite column_of_place; lia.
Qed.

(** S-END-2 / S-COL-3: after the final reveal no column is complete, and no card is face down. *)
(* kind: rules *)
Theorem finish_columns_ok g : columns_ok (fst (finish g)).
Proof.
  unfold finish.
  pose proof (remove_column_clears (map reveal g) 0) as C0.
  pose proof (fun j => remove_column_other (map reveal g) 0 j).
  destruct (remove_column (map reveal g) 0) as [g0 r0]. simpl in *.
  pose proof (remove_column_clears g0 1) as C1.
  pose proof (fun j => remove_column_other g0 1 j) as O1.
  destruct (remove_column g0 1) as [g1 r1]. simpl in *.
  pose proof (remove_column_clears g1 2) as C2.
  pose proof (fun j => remove_column_other g1 2 j) as O2.
  destruct (remove_column g1 2) as [g2 r2]. simpl in *.
  pose proof (remove_column_clears g2 3) as C3.
  pose proof (fun j => remove_column_other g2 3 j) as O3.
  destruct (remove_column g2 3) as [g3 r3]. simpl in *.
  intros k Hk. destruct k as [|[|[|[|k]]]]; [| | | |lia].
  - rewrite O3, O2, O1 by lia. exact C0.
  - rewrite O3, O2 by lia. exact C1.
  - rewrite O3 by lia. exact C2.
  - exact C3.
Qed.

Lemma has_down_upd_gone g i : has_down g = false -> has_down (upd g i Gone) = false.
Proof.
  unfold has_down. revert i; induction g as [|q g IH]; intros [|i] H; simpl in *; auto.
  - apply orb_false_iff in H. destruct H as [_ H2]. exact H2.
  - apply orb_false_iff in H. destruct H as [H1 H2]. rewrite H1, (IH i H2). reflexivity.
Qed.

Lemma remove_column_no_down g k : has_down g = false -> has_down (fst (remove_column g k)) = false.
Proof.
  intros H. unfold remove_column. destruct (column_value g k); [|exact H].
  simpl. repeat apply has_down_upd_gone. exact H.
Qed.

(* kind: restates *)
Theorem finish_face_up g : has_down (fst (finish g)) = false.
Proof.
  unfold finish.
  assert (has_down (map reveal g) = false).
  { induction g as [|q g IH]; [reflexivity|]. simpl. rewrite IH. destruct q; reflexivity. }
  pose proof (remove_column_no_down _ 0 H) as H0.
  destruct (remove_column (map reveal g) 0) as [g0 r0]. simpl in H0.
  pose proof (remove_column_no_down _ 1 H0) as H1.
  destruct (remove_column g0 1) as [g1 r1]. simpl in H1.
  pose proof (remove_column_no_down _ 2 H1) as H2.
  destruct (remove_column g1 2) as [g2 r2]. simpl in H2.
  pose proof (remove_column_no_down _ 3 H2) as H3.
  destruct (remove_column g2 3) as [g3 r3]. exact H3.
Qed.

Lemma In_upd_grid (l : list grid) i x y : In y (upd l i x) -> In y l \/ y = x.
Proof.
  revert i; induction l as [|a l IH]; intros [|i]; simpl; try tauto.
  - intros [<-|H]; tauto.
  - intros [<-|H]; [tauto|]. destruct (IH i H); tauto.
Qed.

Lemma end_round_columns s gs dp e st g :
  In g (grids (end_round s gs dp e st)) -> columns_ok g.
Proof.
  unfold end_round. simpl. rewrite map_map. intros H. apply in_map_iff in H.
  destruct H as (g0 & <- & _). apply finish_columns_ok.
Qed.

(** S-COL-1 as an invariant: no grid ever shows a complete column after a move. *)
(* kind: rules *)
Theorem sstep_columns_ok r shuf s m s' :
  (forall g, In g (grids s) -> columns_ok g) -> sstep r shuf s m = Some s' ->
  forall g, In g (grids s') -> columns_ok g.
Proof.
  intros Hok H. unfold sstep in H. destruct (slegalb s m) eqn:L; [|discriminate].
  simpl in H. injection H as <-.
  destruct (sphase s) as [|h d|sc]; destruct m as [| |p|p]; try exact Hok.
  - simpl. destruct (sdraw_pile s); exact Hok.
  - unfold place_at.
    pose proof (placed_columns_ok (nth (scurrent s) (grids s) []) p
      (Up h)) as Hp.
    destruct (remove_column _ (p / 3)) as [g' removed] eqn:E.
    assert (Hg' : columns_ok g').
    { apply Hp.
      destruct (Nat.lt_ge_cases (scurrent s) (length (grids s))).
      - apply Hok, nth_In. assumption.
      - rewrite nth_overflow by assumption. intros k _. unfold column_value. rewrite !nth_overflow by (simpl; lia). reflexivity. }
    unfold end_turn.
    destruct (limited r _ _); [apply end_round_columns|].
    destruct (match _ with Some x => _ | None => false end); [apply end_round_columns|].
    simpl. intros g Hin. apply In_upd_grid in Hin. destruct Hin as [Hin| ->]; auto.
  - unfold place_at.
    set (v := match nth p (nth (scurrent s) (grids s) []) Gone with Down v | Up v => v
              | Gone => 0%Z end).
    pose proof (placed_columns_ok (nth (scurrent s) (grids s) []) p (Up v)) as Hp.
    destruct (remove_column _ (p / 3)) as [g' removed] eqn:E.
    assert (Hg' : columns_ok g').
    { apply Hp.
      destruct (Nat.lt_ge_cases (scurrent s) (length (grids s))).
      - apply Hok, nth_In. assumption.
      - rewrite nth_overflow by assumption. intros k _. unfold column_value. rewrite !nth_overflow by (simpl; lia). reflexivity. }
    unfold end_turn.
    destruct (limited r _ _); [apply end_round_columns|].
    destruct (match _ with Some x => _ | None => false end); [apply end_round_columns|].
    simpl. intros g Hin. apply In_upd_grid in Hin. destruct Hin as [Hin| ->]; auto.
Qed.

(** ** Scoring (S-SCORE-1, S-SCORE-2) *)

Lemma beaten_spec sums i :
  beaten sums i = true <->
  exists j, j < length sums /\ j <> i /\ (nth j sums 0 <= nth i sums 0)%Z.
Proof.
  unfold beaten. rewrite existsb_exists. split.
  - intros (j & Hj & E). apply in_seq in Hj. apply andb_true_iff in E.
    destruct E as [E1 E2]. apply negb_true_iff, Nat.eqb_neq in E1. apply Z.leb_le in E2.
    exists j. repeat split; [lia|assumption|assumption].
  - intros (j & Hj & Hne & Hle). exists j. split; [apply in_seq; lia|].
    apply andb_true_iff. split; [apply negb_true_iff, Nat.eqb_neq; assumption|].
    apply Z.leb_le. assumption.
Qed.

(** Every player but the round ender scores their grid's sum (S-SCORE-1). *)
(* kind: restates *)
Theorem round_scores_others sums e i :
  i <> e -> nth i (round_scores sums (Some e)) 0%Z = nth i sums 0%Z.
Proof.
  intros H. unfold round_scores. destruct (_ && _); [|reflexivity].
  apply nth_upd_other. auto.
Qed.

(** The round ender's score is doubled exactly when it is positive and another player
    scored as little or less (S-SCORE-2). *)
(* kind: restates *)
Theorem round_scores_ender sums e :
  e < length sums ->
  nth e (round_scores sums (Some e)) 0%Z =
  if (0 <? nth e sums 0)%Z && beaten sums e then (2 * nth e sums 0)%Z else nth e sums 0%Z.
Proof.
  intros H. unfold round_scores. destruct (_ && _); [|reflexivity].
  apply nth_upd_same. assumption.
Qed.

(* kind: restates *)
Corollary round_scores_doubled sums e :
  e < length sums ->
  nth e (round_scores sums (Some e)) 0%Z =
    (if (0 <? nth e sums 0)%Z then
       if beaten sums e then 2 * nth e sums 0 else nth e sums 0
     else nth e sums 0)%Z
  /\ (beaten sums e = true <->
      exists j, j < length sums /\ j <> e /\ (nth j sums 0 <= nth e sums 0)%Z).
Proof.
  intros H. split; [|apply beaten_spec]. rewrite round_scores_ender by assumption.
  destruct (0 <? nth e sums 0)%Z; reflexivity.
Qed.

(** A round ended by the turn limit has no round ender and no doubling (S-END-3). *)
(* kind: restates *)
Theorem round_scores_no_ender sums : round_scores sums None = sums.
Proof. reflexivity. Qed.

(** The source's examples: A ends the round with 10, B scores 24, C 10: A scores 20;
    0 and negative scores are never doubled. *)
Example source_example : round_scores [10; 24; 10]%Z (Some 0) = [20; 24; 10]%Z.
Proof. reflexivity. Qed.

Example negative_example : round_scores [(-3); (-5)]%Z (Some 0) = [(-3); (-5)]%Z.
Proof. reflexivity. Qed.

(** ** The round's end (S-END-1..3) *)

Lemma sstep_cases r shuf s m s' :
  sstep r shuf s m = Some s' ->
  (exists h d, sphase s' = PlaceCard h d /\ ender s' = ender s /\ scurrent s' = scurrent s
               /\ sphase s = Take /\ sstall_turns s' = sstall_turns s)
  \/ (exists gs dp pr, s' = end_turn r s gs dp pr).
Proof.
  intros H. unfold sstep in H. destruct (slegalb s m) eqn:L; [|discriminate].
  simpl in H. injection H as <-. unfold slegalb in L.
  destruct (sphase s) as [|h d|sc] eqn:P; destruct m as [| |p|p];
    try discriminate; try (destruct d; discriminate).
  - left. do 2 eexists. simpl. repeat split; reflexivity || assumption.
  - left. destruct (sdraw_pile s); do 2 eexists; simpl; repeat split; reflexivity || assumption.
  - right. unfold place_at. destruct (remove_column _ _). do 3 eexists. reflexivity.
  - right. unfold place_at. destruct (remove_column _ _). do 3 eexists. reflexivity.
Qed.

Lemma end_round_facts s gs dp e st :
  let s2 := end_round s gs dp e st in
  ender s2 = e /\ sphase s2 = Scored (round_scores (map grid_sum (grids s2)) e)
  /\ forall g, In g (grids s2) -> has_down g = false /\ columns_ok g.
Proof.
  simpl. split; [reflexivity|]. split; [reflexivity|].
  intros g H. rewrite map_map in H. apply in_map_iff in H.
  destruct H as (g0 & <- & _). split; [apply finish_face_up|apply finish_columns_ok].
Qed.

(** How a turn ends, exactly: the turns in a row without progress become 0 after a turn
    with progress, one more after any other ([stall]); at the turn limit, or when [stall]
    reaches the stall limit ([limited]), the round is scored with no round ender
    (S-END-3); else, when the next seat is the round ender, everyone else has had the
    one more turn and the round is scored (S-END-1/2); else the next seat takes a card. *)
(* kind: restates *)
Theorem end_turn_exact r s gs dp (pr : bool) :
  let t := S (turns s) in
  let stall := if pr then 0 else S (sstall_turns s) in
  let f := S (scurrent s) mod splayers r in
  let e := new_ender s gs in
  (limited r t stall = true <->
     match sturn_limit r with Some l => l <= t | None => False end
     \/ match sstall_limit r with Some l => l <= stall | None => False end)
  /\ (limited r t stall = true -> end_turn r s gs dp pr = end_round s gs dp None stall)
  /\ (limited r t stall = false ->
      e = Some f -> end_turn r s gs dp pr = end_round s gs dp e stall)
  /\ (limited r t stall = false ->
      e <> Some f -> end_turn r s gs dp pr = mkSState gs dp (sdraw_pile s) f Take t stall e).
Proof.
  intros t stall f e. split.
  { unfold limited. rewrite orb_true_iff.
    destruct (sturn_limit r) as [l|]; destruct (sstall_limit r) as [l'|];
      rewrite ?Nat.leb_le; split; intros [H|H]; auto; discriminate || contradiction. }
  unfold end_turn. fold t stall f e.
  split; [intros L; rewrite L; reflexivity|].
  split; intros L He; rewrite L.
  - rewrite He, Nat.eqb_refl. reflexivity.
  - destruct e as [x|]; [|reflexivity].
    destruct (Nat.eqb_spec x f); [congruence|reflexivity].
Qed.

Lemma end_turn_cases r s gs dp (pr : bool) :
  let s2 := end_turn r s gs dp pr in
  let stall := if pr then 0 else S (sstall_turns s) in
  (exists e, s2 = end_round s gs dp e stall /\ (e = None \/ e = new_ender s gs))
  \/ (s2 = mkSState gs dp (sdraw_pile s) (S (scurrent s) mod splayers r) Take (S (turns s))
             stall (new_ender s gs)
      /\ new_ender s gs <> Some (S (scurrent s) mod splayers r)
      /\ limited r (S (turns s)) stall = false).
Proof.
  simpl. unfold end_turn.
  destruct (limited r _ _) eqn:L.
  - left. exists None. auto.
  - destruct (new_ender s gs) as [x|] eqn:E.
    + destruct (Nat.eqb_spec x (S (scurrent s) mod splayers r)).
      * left. exists (Some x). auto.
      * right. split; [reflexivity|]. split; [congruence|reflexivity].
    + right. split; [reflexivity|]. split; [discriminate|reflexivity].
Qed.

(** When a round is scored, every card is face up, no column is complete, and the
    scores are the grid sums with the round ender's doubling (S-END-2, S-COL-3,
    S-SCORE-1/2). *)
(* kind: rules *)
Theorem scored_round r shuf s m s' sc :
  sstep r shuf s m = Some s' -> sphase s' = Scored sc ->
  sc = round_scores (map grid_sum (grids s')) (ender s')
  /\ forall g, In g (grids s') -> has_down g = false /\ columns_ok g.
Proof.
  intros H Hs. destruct (sstep_cases r shuf s m s' H) as [(h & d & P & _)|(gs & dp & pr & E)].
  { congruence. }
  subst s'. destruct (end_turn_cases r s gs dp pr) as [(e & E & _)|(E & _)]; rewrite E in *.
  - destruct (end_round_facts s gs dp e (if pr then 0 else S (sstall_turns s))) as (He & Hp & Hg). rewrite Hp in Hs.
    injection Hs as <-. rewrite He. split; [reflexivity|exact Hg].
  - discriminate.
Qed.

(** S-END-1: only the player whose turn it is can become the round ender. *)
(* kind: restates *)
Theorem ender_is_the_mover r shuf s m s' x :
  sstep r shuf s m = Some s' -> ender s = None -> ender s' = Some x -> x = scurrent s.
Proof.
  intros H Hn Hx. destruct (sstep_cases r shuf s m s' H) as [(h & d & _ & He & _)|(gs & dp & pr & E)].
  { congruence. }
  subst s'.
  destruct (end_turn_cases r s gs dp pr) as [(e & E & [-> | ->])|(E & _)]; rewrite E in Hx;
    simpl in Hx; try discriminate; unfold new_ender in Hx; rewrite Hn in Hx;
    destruct (has_down (nth (scurrent s) gs [])); congruence.
Qed.

(** S-END-1: once there is a round ender, it stays, until the round is scored (a
    round ended by the turn limit has none, S-END-3). *)
(* kind: restates *)
Theorem ender_stays r shuf s m s' e :
  sstep r shuf s m = Some s' -> ender s = Some e ->
  ender s' = Some e \/ (ender s' = None /\ exists sc, sphase s' = Scored sc).
Proof.
  intros H He. destruct (sstep_cases r shuf s m s' H) as [(h & d & _ & He' & _)|(gs & dp & pr & E)].
  { left. congruence. }
  subst s'.
  destruct (end_turn_cases r s gs dp pr) as [(x & E & [-> | ->])|(E & _)]; rewrite E; simpl;
    unfold new_ender; rewrite ?He; auto.
  right. split; [reflexivity|]. eexists. reflexivity.
Qed.

(** S-END-1: the round ender does not play again: while the round goes on, the turn
    never comes back to the round ender. *)
(* kind: restates *)
Theorem ender_never_plays_again r shuf s m s' e :
  sstep r shuf s m = Some s' -> sphase s' = Take -> ender s' = Some e -> scurrent s' <> e.
Proof.
  intros H Hp He. destruct (sstep_cases r shuf s m s' H) as [(h & d & P & _)|(gs & dp & pr & E)].
  { congruence. }
  subst s'. destruct (end_turn_cases r s gs dp pr) as [(x & E & _)|(E & Hne)]; rewrite E in *.
  - discriminate.
  - simpl in *. intros C. apply Hne. rewrite He, C. reflexivity.
Qed.

(** S-TURN-4: while the round goes on, the turn passes to the next seat clockwise. *)
(* kind: restates *)
Theorem next_seat r shuf s m s' :
  sstep r shuf s m = Some s' -> sphase s' = Take ->
  scurrent s' = S (scurrent s) mod splayers r /\ turns s' = S (turns s).
Proof.
  intros H Hp. destruct (sstep_cases r shuf s m s' H) as [(h & d & P & _)|(gs & dp & pr & E)].
  { congruence. }
  subst s'. destruct (end_turn_cases r s gs dp pr) as [(x & E & _)|(E & _)]; rewrite E in *.
  - discriminate.
  - split; reflexivity.
Qed.

(** S-END-3: with a turn limit, a round is scored at the latest when its turns reach it. *)
(* kind: restates *)
Theorem turn_limit_ends_round r shuf s m s' l :
  sturn_limit r = Some l -> sstep r shuf s m = Some s' -> sphase s' = Take -> turns s' < l.
Proof.
  intros Hl H Hp. destruct (sstep_cases r shuf s m s' H) as [(h & d & P & _)|(gs & dp & pr & E)].
  { congruence. }
  subst s'. destruct (end_turn_cases r s gs dp pr) as [(x & E & _)|(E & _ & L)];
    rewrite E in *; [discriminate|].
  unfold limited in L. rewrite Hl in L. apply orb_false_iff in L. destruct L as [L _].
  apply Nat.leb_gt in L. simpl. assumption.
Qed.

(** S-END-3: with a stall limit, a round is scored at the latest when the turns in a row
    without progress reach it. *)
(* kind: restates *)
Theorem stall_limit_ends_round r shuf s m s' l :
  sstall_limit r = Some l -> sstep r shuf s m = Some s' -> sphase s' = Take ->
  sstall_turns s' < l.
Proof.
  intros Hl H Hp. destruct (sstep_cases r shuf s m s' H) as [(h & d & P & _)|(gs & dp & pr & E)].
  { congruence. }
  subst s'. destruct (end_turn_cases r s gs dp pr) as [(x & E & _)|(E & _ & L)];
    rewrite E in *; [discriminate|].
  unfold limited in L. rewrite Hl in L. apply orb_false_iff in L. destruct L as [_ L].
  apply Nat.leb_gt in L. simpl. assumption.
Qed.

(** ** Legality (S-TURN-1..3, S-DRAW-1, S-COL-4), declaratively, and the legal moves *)

Definition sgrid (s : sstate) : grid := nth (scurrent s) (grids s) [].

Definition slegal (s : sstate) (m : smove) : Prop :=
  match m with
  | TakeDiscard => sphase s = Take /\ discard_pile s <> []
  | Draw => sphase s = Take /\ (sdraw_pile s <> [] \/ 2 <= length (discard_pile s))
  | Swap p => (exists h d, sphase s = PlaceCard h d) /\ nth p (sgrid s) Gone <> Gone
  | DiscardFlip p =>
      (exists h, sphase s = PlaceCard h true) /\ exists v, nth p (sgrid s) Gone = Down v
  end.

Definition is_downb (q : place) : bool := match q with Down _ => true | _ => false end.
Definition is_thereb (q : place) : bool := match q with Gone => false | _ => true end.

Definition slegal_moves (s : sstate) : list smove :=
  let g := sgrid s in
  match sphase s with
  | Take =>
      (match discard_pile s with [] => [] | _ => [TakeDiscard] end)
      ++ (if negb (match sdraw_pile s with [] => true | _ => false end)
             || (2 <=? length (discard_pile s)) then [Draw] else [])
  | PlaceCard _ d =>
      map Swap (filter (fun p => is_thereb (nth p g Gone)) (seq 0 (length g)))
      ++ (if d then map DiscardFlip (filter (fun p => is_downb (nth p g Gone)) (seq 0 (length g)))
          else [])
  | Scored _ => []
  end.

Lemma slegalb_spec s m : slegalb s m = true <-> slegal s m.
Proof.
  unfold slegalb, slegal, sgrid.
  destruct m as [| |p|p]; destruct (sphase s) as [|h d|sc]; split; intros H;
    try discriminate; try (destruct d; discriminate);
    try (decompose [and ex] H; discriminate).
  - split; [reflexivity|]. destruct (discard_pile s); [discriminate|discriminate].
  - destruct H as [_ H]. destruct (discard_pile s); [contradiction|reflexivity].
  - split; [reflexivity|]. apply orb_true_iff in H. destruct H as [H|H].
    + left. destruct (sdraw_pile s); [discriminate|discriminate].
    + right. apply Nat.leb_le. assumption.
  - destruct H as [_ [H|H]]; apply orb_true_iff.
    + left. destruct (sdraw_pile s); [contradiction|reflexivity].
    + right. apply Nat.leb_le. assumption.
  - split; [eauto|]. destruct (nth p _ Gone); [destruct d; discriminate|congruence|congruence].
  - destruct H as [_ H]. destruct (nth p _ Gone); [contradiction|destruct d; reflexivity|destruct d; reflexivity].
  - destruct d; [|discriminate]. split; [eauto|].
    destruct (nth p _ Gone); try discriminate. eauto.
  - destruct H as [(h' & E) (v & Hv)]. injection E as -> ->. rewrite Hv. reflexivity.
Qed.

(** The step is defined exactly on the legal moves. *)
(* kind: restates *)
Theorem sstep_defined r shuf s m : sstep r shuf s m <> None <-> slegal s m.
Proof.
  rewrite <- slegalb_spec. unfold sstep.
  destruct (slegalb s m); simpl; split; intros H; try discriminate; try contradiction; auto.
Qed.

(** [slegal_moves] is sound and complete for [slegal]. *)
(* kind: rules *)
Theorem slegal_moves_correct s m : In m (slegal_moves s) <-> slegal s m.
Proof.
  unfold slegal_moves, slegal. fold (sgrid s). set (g := sgrid s).
  destruct (sphase s) as [|h d|sc] eqn:P.
  - rewrite in_app_iff. destruct m as [| |p|p]; split; intros H.
    + split; [reflexivity|]. destruct (discard_pile s); [destruct H as [[]|H]|discriminate].
      destruct (_ || _); [destruct H as [E|[]]; discriminate|contradiction].
    + left. destruct (discard_pile s); [tauto|]. left. reflexivity.
    + split; [reflexivity|]. destruct H as [H|H].
      * destruct (discard_pile s); [contradiction|destruct H as [E|[]]; discriminate].
      * destruct (_ || _) eqn:E; [|contradiction]. apply orb_true_iff in E.
        destruct E as [E|E]; [left; destruct (sdraw_pile s); discriminate|].
        right. apply Nat.leb_le. assumption.
    + right. destruct H as [_ H]. replace (_ || _) with true; [left; reflexivity|].
      symmetry. apply orb_true_iff. destruct H as [H|H].
      * left. destruct (sdraw_pile s); [contradiction|reflexivity].
      * right. apply Nat.leb_le. assumption.
    + exfalso. destruct H as [H|H];
        [destruct (discard_pile s); simpl in H; [|destruct H as [E|[]]]; try discriminate; contradiction
        |destruct (_ || _); simpl in H; [destruct H as [E|[]]; discriminate|contradiction]].
    + destruct H as [(? & ? & E) _]. discriminate.
    + exfalso. destruct H as [H|H];
        [destruct (discard_pile s); simpl in H; [|destruct H as [E|[]]]; try discriminate; contradiction
        |destruct (_ || _); simpl in H; [destruct H as [E|[]]; discriminate|contradiction]].
    + destruct H as [(? & E) _]. discriminate.
  - rewrite in_app_iff. destruct m as [| |p|p]; split; intros H.
    + exfalso. destruct H as [H|H]; [apply in_map_iff in H; destruct H as (? & E & _); discriminate|].
      destruct d; [apply in_map_iff in H; destruct H as (? & E & _); discriminate|contradiction].
    + destruct H as [E _]. discriminate.
    + exfalso. destruct H as [H|H]; [apply in_map_iff in H; destruct H as (? & E & _); discriminate|].
      destruct d; [apply in_map_iff in H; destruct H as (? & E & _); discriminate|contradiction].
    + destruct H as [E _]. discriminate.
    + split; [eauto|]. destruct H as [H|H].
      * apply in_map_iff in H. destruct H as (p' & E & Hp). injection E as ->.
        apply filter_In in Hp. destruct Hp as [_ Hp]. destruct (nth p g Gone); discriminate.
      * destruct d; [|contradiction]. apply in_map_iff in H. destruct H as (? & E & _).
        discriminate.
    + left. apply in_map_iff. exists p. split; [reflexivity|]. apply filter_In. split.
      * apply in_seq. split; [lia|]. apply nth_lt_place. apply H.
      * destruct H as [_ H]. destruct (nth p g Gone); [contradiction|reflexivity|reflexivity].
    + destruct H as [H|H].
      * apply in_map_iff in H. destruct H as (? & E & _). discriminate.
      * destruct d; [|contradiction]. apply in_map_iff in H. destruct H as (p' & E & Hp).
        injection E as ->. apply filter_In in Hp. destruct Hp as [_ Hp]. split; [eauto|].
        destruct (nth p g Gone); try discriminate. eauto.
    + right. destruct H as [(h' & E) (v & Hv)]. injection E as -> ->.
      apply in_map_iff. exists p. split; [reflexivity|]. apply filter_In. split.
      * apply in_seq. split; [lia|]. apply nth_lt_place. rewrite Hv. discriminate.
      * rewrite Hv. reflexivity.
  - simpl. split; [tauto|]. destruct m; intros H; decompose [and ex] H; discriminate.
Qed.
