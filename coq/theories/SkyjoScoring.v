(** * Skyjo: scores, totals, the game's end and its winners, over whole games
    (S-SCORE-1..3, S-END-3; issue 62, point 4).

    SkyjoGame.v records every finished round as its grid sums, its round ender and its
    scores, and adds the scores into totals.  Here, over every reachable game:

    - every recorded round's scores are its grid sums, the round ender's doubled exactly
      when it is positive and another seat scored as little or less (S-SCORE-1/2,
      [greachable_round_scores]), so each total is the sum, over the finished rounds,
      of the seat's grid sum, doubled in the rounds it ended under those conditions
      ([greachable_totals]);
    - the game is over exactly when a finished round brought a total to the end score,
      or was the last the round limit allows (S-SCORE-3, S-END-3); while it goes on,
      no total has reached the end score and the round limit has not been reached
      ([greachable_game_end]);
    - the model's outcome ([goutcome]) carries the winning seats: exactly the seats
      with the lowest total, never none ([goutcome_winners]). *)

From Coq Require Import List Arith ZArith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Conservation Skyjo SkyjoGame.

(** ** The outcome: over, and the winning seats *)

Definition goutcome (r : grules) (s : gstate) : option (list nat) :=
  if gover s then Some (winners (gplayers r) (ghistory s)) else None.

(** ** Every recorded round is scored by S-SCORE-1/2 *)

(** A seat's score in a round, written from S-SCORE-1/2 seat by seat: the grid's sum,
    doubled for the round ender when positive and when another seat's sum is as low
    or lower. *)
Definition doubled (sums : list Z) (e : option nat) (i : nat) : Prop :=
  e = Some i /\ (0 < nth i sums 0)%Z
  /\ exists j, j < length sums /\ j <> i /\ (nth j sums 0 <= nth i sums 0)%Z.

Definition record_ok (rec : round_record) : Prop :=
  let '(sums, e, sc) := rec in sc = round_scores sums e.

Lemma greachable_records r s :
  greachable r s -> forall rec, In rec (ghistory s) -> record_ok rec.
Proof.
  intros H. induction H as [order P|shuf s m s' Hs _ IH E].
  - unfold new_game, deal_round. destruct (deal_grids _ _). simpl. intros _ [].
  - destruct m as [a b|t]; simpl in E.
    + destruct (greveal_legalb s a b); [|discriminate]. injection E as <-.
      unfold reveal_step. destruct (_ <? _); exact IH.
    + destruct (grevealing s); [discriminate|].
      destruct (sstep _ shuf (ground s) t) as [rs|] eqn:St; [|discriminate]. injection E as <-.
      unfold after_turn. destruct (sphase rs) as [| |sc] eqn:P; [exact IH|exact IH|].
      destruct (scored_round _ _ _ _ _ _ St P) as [Hsc _].
      assert (Hh : forall rec,
                 In rec (ghistory s ++ [(map grid_sum (grids rs), ender rs, sc)]) -> record_ok rec).
      { intros rec Hin. apply in_app_or in Hin. destruct Hin as [Hin|[<-|[]]].
        - apply IH. exact Hin.
        - simpl. exact Hsc. }
      destruct (_ || _); [exact Hh|]. unfold deal_round. destruct (deal_grids _ _). exact Hh.
Qed.

Lemma round_scores_seat sums e i :
  (doubled sums e i -> nth i (round_scores sums e) 0%Z = (2 * nth i sums 0)%Z)
  /\ (~ doubled sums e i -> nth i (round_scores sums e) 0%Z = nth i sums 0%Z).
Proof.
  unfold doubled. destruct e as [x|].
  - destruct (Nat.eq_dec x i) as [<-|Hne].
    + destruct (Nat.lt_ge_cases x (length sums)) as [L|L].
      * rewrite round_scores_ender by exact L.
        pose proof (beaten_spec sums x) as B.
        destruct (Z.ltb_spec 0 (nth x sums 0%Z)) as [Hp|Hp];
          destruct (beaten sums x) eqn:Eb; simpl.
        -- split; [reflexivity|]. intros Hn. exfalso. apply Hn.
           split; [reflexivity|]. split; [exact Hp|]. apply B. reflexivity.
        -- split; [|reflexivity]. intros (_ & _ & Hj). apply B in Hj. discriminate.
        -- split; [intros (_ & Hq & _); lia|reflexivity].
        -- split; [intros (_ & Hq & _); lia|reflexivity].
      * unfold round_scores. rewrite (nth_overflow sums) by exact L. simpl.
        split; intros H; [destruct H as (_ & H & _); lia|].
        rewrite ?nth_overflow by exact L; reflexivity.
    + rewrite round_scores_others by auto. split; [|reflexivity].
      intros (E & _). injection E as E. contradiction.
  - split; [intros (E & _); discriminate|reflexivity].
Qed.

(** S-SCORE-1/2 over whole games: in every recorded round, each seat scored its grid's
    sum, doubled exactly when it ended the round with a positive sum and another seat's
    sum was as low or lower. *)
(* kind: rules *)
Theorem greachable_round_scores r s sums e sc i :
  greachable r s -> In (sums, e, sc) (ghistory s) ->
  (doubled sums e i -> nth i sc 0%Z = (2 * nth i sums 0)%Z)
  /\ (~ doubled sums e i -> nth i sc 0%Z = nth i sums 0%Z).
Proof.
  intros H Hin. pose proof (greachable_records r s H _ Hin) as Hr. simpl in Hr. subst sc.
  apply round_scores_seat.
Qed.

(** S-SCORE-3's totals: a seat's total is the sum, over the finished rounds, of its
    grid sum, doubled in the rounds where [doubled] holds (the condition of
    S-SCORE-2, [round_scores_seat]). *)
Definition seat_score (sums : list Z) (e : option nat) (i : nat) : Z :=
  nth i (round_scores sums e) 0%Z.

(* kind: rules *)
Theorem greachable_totals r s i :
  greachable r s -> i < gplayers r ->
  nth i (totals (gplayers r) (ghistory s)) 0%Z
  = fold_right Z.add 0%Z (map (fun '(sums, e, _) => seat_score sums e i) (ghistory s))
  /\ forall sums e sc, In (sums, e, sc) (ghistory s) ->
       (doubled sums e i -> seat_score sums e i = (2 * nth i sums 0)%Z)
       /\ (~ doubled sums e i -> seat_score sums e i = nth i sums 0%Z).
Proof.
  intros H Hi. split; [|intros sums e sc _; apply round_scores_seat].
  pose proof (greachable_records r s H) as Hh. unfold totals.
  set (f := fun i0 => fold_right Z.add 0%Z
                        (map (fun '(_, _, sc) => nth i0 sc 0%Z) (ghistory s))).
  rewrite (nth_indep _ 0%Z (f 0)) by (rewrite map_length, seq_length; exact Hi).
  rewrite map_nth, seq_nth by exact Hi. simpl. unfold f.
  induction (ghistory s) as [|[[sums e] sc] h IH]; [reflexivity|]. simpl.
  rewrite IH by (intros rec Hin; apply Hh; right; exact Hin).
  specialize (Hh (sums, e, sc) (or_introl eq_refl)). simpl in Hh. subst sc. reflexivity.
Qed.

(** ** The game's end (S-SCORE-3, S-END-3) *)

Lemma game_ends_spec r h :
  game_ends r h = true <->
  exists i, i < gplayers r /\ (gend_score r <= nth i (totals (gplayers r) h) 0)%Z.
Proof.
  unfold game_ends. rewrite existsb_exists. split.
  - intros (t & Hin & Ht). apply In_nth with (d := 0%Z) in Hin. destruct Hin as (i & L & <-).
    unfold totals in L. rewrite map_length, seq_length in L.
    exists i. split; [exact L|]. apply Z.leb_le. exact Ht.
  - intros (i & L & Ht). exists (nth i (totals (gplayers r) h) 0%Z). split.
    + apply nth_In. unfold totals. rewrite map_length, seq_length. exact L.
    + apply Z.leb_le. exact Ht.
Qed.

Definition end_inv (r : grules) (s : gstate) : Prop :=
  1 <= gnumber s
  /\ (gover s = true ->
        (game_ends r (ghistory s) = true \/ last_round r (gnumber s) = true)
        /\ length (ghistory s) = gnumber s)
  /\ (gover s = false ->
        length (ghistory s) = pred (gnumber s)
        /\ (ghistory s <> [] ->
              game_ends r (ghistory s) = false /\ last_round r (pred (gnumber s)) = false)).

Lemma deal_round_fields r order st n h :
  let s := deal_round r order st n h in
  gover s = false /\ gnumber s = n /\ ghistory s = h.
Proof. unfold deal_round. destruct (deal_grids _ _). simpl. auto. Qed.

Lemma greachable_end_inv r s : greachable r s -> end_inv r s.
Proof.
  intros H. induction H as [order P|shuf s m s' Hs Hreach IH E].
  - unfold new_game. destruct (deal_round_fields r order 0 1 []) as (O & N & Hh).
    unfold end_inv. rewrite O, N, Hh. split; [lia|]. split; [discriminate|].
    intros _. split; [reflexivity|]. intros C; contradiction.
  - destruct IH as (N1 & Over & Going).
    destruct (gover s) eqn:O.
    { destruct (no_move_after_game_end r shuf s m O) as [_ C]. congruence. }
    destruct (Going eq_refl) as (L & Hh). clear Over Going.
    destruct m as [a b|t]; simpl in E.
    + destruct (greveal_legalb s a b) eqn:Lg; [|discriminate]. injection E as <-.
      apply greveal_legalb_spec in Lg. destruct Lg as (_ & Pt & _).
      assert (O' : gover (reveal_step r s a b) = false).
      { unfold reveal_step, gover. destruct (_ <? _); simpl; [reflexivity|]. rewrite Pt.
        reflexivity. }
      unfold end_inv. rewrite O'.
      assert (Same : gnumber (reveal_step r s a b) = gnumber s
                     /\ ghistory (reveal_step r s a b) = ghistory s)
        by (unfold reveal_step; destruct (_ <? _); split; reflexivity).
      destruct Same as [-> ->]. split; [exact N1|]. split; [discriminate|]. auto.
    + destruct (grevealing s) eqn:R; [discriminate|].
      destruct (sstep _ shuf (ground s) t) as [rs|] eqn:St; [|discriminate]. injection E as <-.
      unfold after_turn. destruct (sphase rs) as [| |sc] eqn:P.
      * unfold end_inv, with_round, gover. simpl. rewrite R, P. simpl.
        split; [exact N1|]. split; [discriminate|]. auto.
      * unfold end_inv, with_round, gover. simpl. rewrite R, P. simpl.
        split; [exact N1|]. split; [discriminate|]. auto.
      * set (h' := ghistory s ++ [(map grid_sum (grids rs), ender rs, sc)]).
        assert (Lh' : length h' = gnumber s)
          by (unfold h'; rewrite app_length; simpl; lia).
        destruct (game_ends r h' || last_round r (gnumber s)) eqn:G.
        -- unfold end_inv, gover. simpl. rewrite P. simpl. split; [exact N1|].
           split; [|discriminate]. intros _. split; [apply orb_true_iff; exact G|exact Lh'].
        -- destruct (deal_round_fields r (shuf (gdeck r))
                       (next_starter r s (ender rs)) (S (gnumber s)) h') as (O' & N' & H').
           unfold end_inv. rewrite O', N', H'. split; [lia|]. split; [discriminate|].
           intros _. split; [simpl; exact Lh'|]. intros _. apply orb_false_iff in G.
           simpl. exact G.
Qed.

(** S-SCORE-3, S-END-3 over whole games: a game is over exactly when a finished round
    has brought some seat's total to the end score or above, or was the last round the
    round limit allows (then every round played is recorded); while a game goes on, no
    total has reached the end score and the round limit has not been reached by the
    rounds finished. *)
(* kind: rules *)
Theorem greachable_game_end r s :
  greachable r s ->
  (gover s = true ->
     ((exists i, i < gplayers r
                 /\ (gend_score r <= nth i (totals (gplayers r) (ghistory s)) 0)%Z)
      \/ last_round r (gnumber s) = true)
     /\ length (ghistory s) = gnumber s)
  /\ (gover s = false ->
        length (ghistory s) = pred (gnumber s)
        /\ (ghistory s <> [] ->
              (forall i, i < gplayers r ->
                 (nth i (totals (gplayers r) (ghistory s)) 0 < gend_score r)%Z)
              /\ last_round r (pred (gnumber s)) = false)).
Proof.
  intros H. destruct (greachable_end_inv r s H) as (_ & Over & Going). split.
  - intros O. destruct (Over O) as [[G|G] L]; split; auto. left. apply game_ends_spec. exact G.
  - intros O. destruct (Going O) as [L Hh]. split; [exact L|]. intros Hne.
    destruct (Hh Hne) as [G Lr]. split; [|exact Lr]. intros i Hi.
    destruct (Z.lt_ge_cases (nth i (totals (gplayers r) (ghistory s)) 0%Z) (gend_score r));
      [assumption|].
    exfalso. assert (C : game_ends r (ghistory s) = true) by (apply game_ends_spec; eauto).
    congruence.
Qed.

(** ** The winners *)

Lemma lowest_le_aux (l : list Z) : forall d x, In x l -> (fold_right Z.min d l <= x)%Z.
Proof.
  induction l as [|a l IH]; intros d x H; [destruct H|]. simpl. destruct H as [<-|H].
  - lia.
  - specialize (IH d x H). lia.
Qed.

Lemma lowest_in_aux (l : list Z) : forall d, fold_right Z.min d l = d \/ In (fold_right Z.min d l) l.
Proof.
  induction l as [|a l IH]; intros d; [left; reflexivity|]. simpl.
  destruct (Z.min_spec a (fold_right Z.min d l)) as [[_ E]|[_ E]]; rewrite E.
  - right. left. reflexivity.
  - destruct (IH d) as [E'|E']; [left; exact E'|right; right; exact E'].
Qed.

Lemma totals_length n h : length (totals n h) = n.
Proof. unfold totals. rewrite map_length, seq_length. reflexivity. Qed.

(** The winners are exactly the seats with the lowest total, ties shared. *)
(* kind: rules *)
Theorem winners_lowest n h i :
  In i (winners n h) <->
  i < n /\ forall j, j < n -> (nth i (totals n h) 0 <= nth j (totals n h) 0)%Z.
Proof.
  unfold winners. set (ts := totals n h). assert (Lt : length ts = n) by apply totals_length.
  rewrite filter_In, in_seq. split.
  - intros [[_ Hi] E]. apply Z.eqb_eq in E. split; [lia|]. intros j Hj. rewrite E.
    unfold lowest. apply lowest_le_aux. apply nth_In. lia.
  - intros [Hi Hle]. split; [lia|]. apply Z.eqb_eq.
    assert (Hin : In (lowest ts) ts).
    { unfold lowest. destruct ts as [|t ts'] eqn:Ets; [simpl in Lt; lia|].
      destruct (lowest_in_aux (t :: ts') (hd 0%Z (t :: ts'))) as [E|E].
      - rewrite E. left. reflexivity.
      - exact E. }
    apply In_nth with (d := 0%Z) in Hin. destruct Hin as (k & Lk & Ek).
    specialize (Hle k ltac:(lia)). rewrite Ek in Hle.
    assert (lowest ts <= nth i ts 0)%Z by (apply lowest_le_aux; apply nth_In; lia). lia.
Qed.

Lemma winners_nonempty n h : 0 < n -> winners n h <> [].
Proof.
  intros Hn E. set (ts := totals n h).
  assert (Hin : In (lowest ts) ts).
  { unfold lowest. destruct ts as [|t ts'] eqn:Ets.
    - pose proof (totals_length n h) as L. fold ts in L. rewrite Ets in L. simpl in L. lia.
    - destruct (lowest_in_aux (t :: ts') (hd 0%Z (t :: ts'))) as [E'|E'].
      + rewrite E'. left. reflexivity.
      + exact E'. }
  apply In_nth with (d := 0%Z) in Hin. destruct Hin as (k & Lk & Ek).
  assert (L : length ts = n) by apply totals_length.
  assert (W : In k (winners n h)).
  { unfold winners. apply filter_In. split; [apply in_seq; lia|]. apply Z.eqb_eq.
    fold ts. exact Ek. }
  rewrite E in W. destruct W.
Qed.

(** The model's outcome carries the winning seats: when a game is over, its outcome is
    the seats with the lowest total, at least one; while it goes on, none. *)
(* kind: rules *)
Theorem goutcome_winners r s :
  (goutcome r s = None <-> gover s = false)
  /\ forall w, goutcome r s = Some w ->
     gover s = true
     /\ (0 < gplayers r -> w <> [])
     /\ forall i, In i w <->
        i < gplayers r
        /\ forall j, j < gplayers r ->
           (nth i (totals (gplayers r) (ghistory s)) 0
            <= nth j (totals (gplayers r) (ghistory s)) 0)%Z.
Proof.
  unfold goutcome. destruct (gover s).
  - split; [split; intros C; discriminate C|]. intros w E. injection E as <-.
    split; [reflexivity|]. split; [apply winners_nonempty|]. intros i. apply winners_lowest.
  - split; [split; reflexivity|]. intros w E. discriminate.
Qed.
