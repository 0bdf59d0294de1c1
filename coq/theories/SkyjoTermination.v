(** * Every Skyjo game ends (S-END-3): with a stall limit and a round limit, every
      sequence of legal moves is finite, and its length is bounded by a formula of the
      rules.

    Without the bounds a round need not end (players who only swap face-up cards) and a
    game need not end (round scores need not bring a total to the end score).  With
    them:

    - a turn is two moves: taking a card, placing it;
    - a turn makes progress when it turns a face-down card up or removes a column.  Give
      each face-down card the weight 4, each face-up card 1, a removed place 0: a turn
      with progress lowers the weight of the grids by at least 3, no move raises it,
      and a deal's grids (12 face-down cards each) weigh at most 48 a player: at most
      16 turns with progress a player in a round (its 12 face-down cards and 4 columns);
    - at most [L] turns in a row without progress: then the round ends (the stall
      limit [L]);
    - each round starts with one reveal move a player (S-SETUP-4);
    - at most [R] rounds (the round limit [R]).

    The measure [game_moves_left] counts what is left of these; every legal move that
    does not end the game makes it smaller, and it is at least 1.  It needs no
    invariant: it holds from any state whatever, and for every shuffle.

    The bound, from the deal (plain, to copy into the rules document):

      moves in a game <= R * (p + 1 + 2 * (16 * p + 1) * (L + 1))

      p = players, L = stall_limit, R = round_limit (R at least 1; a round limit of 0
      ends the game after its first round, as 1 does). *)

From Coq Require Import List Arith ZArith Bool Lia Wf_nat.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Conservation Skyjo SkyjoGame.

(** ** The weight of the grids *)

Definition weight (q : place) : nat := match q with Gone => 0 | Down _ => 4 | Up _ => 1 end.

Definition grid_weight (g : grid) : nat := list_sum (map weight g).

Definition grids_weight (gs : list grid) : nat := list_sum (map grid_weight gs).

(** The turns with progress a round can still have, at most. *)
Definition progress_left (rs : sstate) : nat := grids_weight (grids rs) / 3.

Lemma sum_upd {A : Type} (f : A -> nat) (l : list A) i x d :
  i < length l -> list_sum (map f (upd l i x)) + f (nth i l d) = list_sum (map f l) + f x.
Proof.
  revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia.
  specialize (IH i ltac:(lia)). lia.
Qed.

Lemma remove_column_weight g k :
  let '(g', removed) := remove_column g k in
  grid_weight g' + (match removed with [] => 0 | _ => 3 end) = grid_weight g.
Proof.
  unfold remove_column. destruct (column_value g k) as [v|] eqn:E; [|simpl; lia].
  apply column_value_lt in E. destruct E as (L & E0 & E1 & E2).
  pose proof (sum_upd weight g (3 * k) Gone Gone ltac:(lia)) as U0.
  pose proof (sum_upd weight (upd g (3 * k) Gone) (3 * k + 1) Gone Gone
                ltac:(rewrite upd_length_place; lia)) as U1.
  pose proof (sum_upd weight (upd (upd g (3 * k) Gone) (3 * k + 1) Gone) (3 * k + 2) Gone Gone
                ltac:(rewrite !upd_length_place; lia)) as U2.
  rewrite nth_upd_other_place in U1 by lia.
  rewrite !nth_upd_other_place in U2 by lia.
  rewrite E0 in U0. rewrite E1 in U1. rewrite E2 in U2.
  unfold grid_weight. simpl in *. lia.
Qed.

(** Placing a card face up at a place of the grid, then checking its column: a turn
    with progress lowers the grid's weight by 3 at least; any other keeps it. *)
Lemma place_weight g p v :
  nth p g Gone <> Gone ->
  let '(g', removed) := remove_column (upd g p (Up v)) (p / 3) in
  if progressb (nth p g Gone) removed then grid_weight g' + 3 <= grid_weight g
  else grid_weight g' = grid_weight g.
Proof.
  intros H. pose proof (nth_lt_place g p H) as Hp.
  pose proof (sum_upd weight g p (Up v) Gone Hp) as U.
  pose proof (remove_column_weight (upd g p (Up v)) (p / 3)) as R.
  destruct (remove_column _ _) as [g' removed]. unfold grid_weight in *.
  destruct (nth p g Gone) eqn:E; [contradiction| |]; destruct removed; simpl in *; lia.
Qed.

Lemma weight_reveal q : weight (reveal q) <= weight q.
Proof. destruct q; simpl; lia. Qed.

Lemma reveal_places_weight ps i g : grid_weight (reveal_places ps i g) <= grid_weight g.
Proof.
  revert i; induction g as [|q g IH]; intros i; [simpl; lia|]. unfold grid_weight in *.
  simpl. specialize (IH (S i)). pose proof (weight_reveal q).
  destruct (existsb _ ps); lia.
Qed.

Lemma reveal_grids_weight cs gs : grids_weight (reveal_grids cs gs) <= grids_weight gs.
Proof.
  revert cs; induction gs as [|g gs IH]; intros cs; [simpl; lia|]. unfold grids_weight in *.
  simpl. specialize (IH (tl cs)).
  assert (grid_weight (reveal_choice (hd None cs) g) <= grid_weight g).
  { destruct (hd None cs) as [[a b]|]; simpl; [apply reveal_places_weight|lia]. }
  lia.
Qed.

Lemma deal_grids_weight n order : grids_weight (fst (deal_grids n order)) <= 48 * n.
Proof.
  assert (forall l : list Z, grid_weight (map Down l) = 4 * length l) as W.
  { induction l as [|x l IHl]; [reflexivity|]. unfold grid_weight in *. simpl in *. lia. }
  assert (forall (a : nat) l, list_sum (a :: l) = a + list_sum l) as C by reflexivity.
  unfold grids_weight.
  revert order; induction n as [|n IH]; intros order; [simpl; lia|]. cbn [deal_grids].
  specialize (IH (skipn 12 order)). destruct (deal_grids n (skipn 12 order)) as [gs rest].
  cbn [fst map] in *. rewrite C, W, firstn_length. lia.
Qed.

(** ** The measures *)

(** What is left of a round's turns: [inner] turns at most (after this one). *)
Definition inner (L : nat) (rs : sstate) : nat :=
  progress_left rs * (L + 1) + L - Nat.min (sstall_turns rs) L + 1.

Definition phase_moves (ph : phase) : nat := match ph with PlaceCard _ _ => 1 | _ => 0 end.

(** The moves left in a round's play: two a turn, one fewer once the card is taken. *)
Definition turn_moves_left (L : nat) (rs : sstate) : nat :=
  inner L rs * 2 - phase_moves (sphase rs).

(** The moves left in a round: its reveals, then its play. *)
Definition round_moves_left (p L : nat) (s : gstate) : nat :=
  (if grevealing s then p - scurrent (ground s) + 1 else 0) + turn_moves_left L (ground s).

(** The moves a whole round can have, at most. *)
Definition round_bound (p L : nat) : nat := p + 1 + 2 * (16 * p + 1) * (L + 1).

(** The moves left in a game: the rounds after this one, and this one's. *)
Definition game_moves_left (p L R : nat) (s : gstate) : nat :=
  (R - Nat.min (gnumber s) R) * round_bound p L + round_moves_left p L s.

Lemma inner_pos L rs : 1 <= inner L rs.
Proof. unfold inner. lia. Qed.

Lemma turn_moves_left_pos L rs : 1 <= turn_moves_left L rs.
Proof.
  unfold turn_moves_left. pose proof (inner_pos L rs).
  destruct (sphase rs); simpl; lia.
Qed.

Lemma game_moves_left_pos p L R s : 1 <= game_moves_left p L R s.
Proof.
  unfold game_moves_left, round_moves_left. pose proof (turn_moves_left_pos L (ground s)).
  generalize ((R - Nat.min (gnumber s) R) * round_bound p L). intros X.
  destruct (grevealing s); lia.
Qed.

(** ** A round's step *)

Lemma div3_succ w : (w + 3) / 3 = w / 3 + 1.
Proof.
  replace (w + 3) with (w + 1 * 3) by lia. rewrite Nat.div_add by lia. reflexivity.
Qed.

(** Every step of a round's play that does not score it makes [turn_moves_left] smaller. *)
(* kind: rules *)
Theorem sstep_decreases r shuf rs t rs' L :
  sstall_limit r = Some L -> sstep r shuf rs t = Some rs' ->
  (forall sc, sphase rs' <> Scored sc) ->
  turn_moves_left L rs' < turn_moves_left L rs.
Proof.
  intros HL H Hns. unfold sstep in H. destruct (slegalb rs t) eqn:Lg; [|discriminate].
  simpl in H. injection H as <-. unfold slegalb in Lg.
  assert (Htake : forall rs2, grids rs2 = grids rs -> sstall_turns rs2 = sstall_turns rs ->
            sphase rs = Take -> phase_moves (sphase rs2) = 1 ->
            turn_moves_left L rs2 < turn_moves_left L rs).
  { intros rs2 Hg Hs Hp Hp2. unfold turn_moves_left. rewrite Hp, Hp2.
    assert (inner L rs2 = inner L rs) as E by (unfold inner, progress_left; rewrite Hg, Hs; reflexivity).
    rewrite E. pose proof (inner_pos L rs). simpl. lia. }
  (* the placing move: the turn ends *)
  assert (Hplace : forall p v out h d, sphase rs = PlaceCard h d ->
            nth p (nth (scurrent rs) (grids rs) []) Gone <> Gone ->
            (forall sc, sphase (place_at r rs p (Up v) out) <> Scored sc) ->
            turn_moves_left L (place_at r rs p (Up v) out) < turn_moves_left L rs).
  { intros p v out h d Hp Hthere Hn. unfold place_at in *.
    set (g := nth (scurrent rs) (grids rs) []) in *.
    pose proof (place_weight g p v Hthere) as W.
    destruct (remove_column (upd g p (Up v)) (p / 3)) as [g' removed].
    set (pr := progressb (nth p g Gone) removed) in *.
    assert (Hc : scurrent rs < length (grids rs)).
    { destruct (Nat.lt_ge_cases (scurrent rs) (length (grids rs))); [assumption|].
      exfalso. apply Hthere. unfold g. rewrite (nth_overflow (grids rs)) by assumption.
      destruct p; reflexivity. }
    pose proof (sum_upd grid_weight (grids rs) (scurrent rs) g' [] Hc) as U. fold g in U.
    destruct (end_turn_cases r rs (upd (grids rs) (scurrent rs) g')
                (discard_pile rs ++ [out] ++ removed) pr) as [(e & E & _)|(E & _ & Lim)];
      rewrite E in Hn |- *; [exfalso; eapply Hn; reflexivity|].
    unfold turn_moves_left, inner, progress_left. rewrite Hp. cbn [grids sphase sstall_turns phase_moves].
    unfold progress_left, grids_weight in *.
    set (W0 := list_sum (map grid_weight (grids rs))) in *.
    set (W1 := list_sum (map grid_weight (upd (grids rs) (scurrent rs) g'))) in *.
    set (k := sstall_turns rs).
    destruct pr.
    - assert (W1 + 3 <= W0) as Hw by lia.
      assert (W1 / 3 + 1 <= W0 / 3) as Hd.
      { rewrite <- div3_succ. apply Nat.div_le_mono; lia. }
      assert ((W1 / 3 + 1) * (L + 1) <= W0 / 3 * (L + 1)) by (apply Nat.mul_le_mono_r; lia).
      replace (Nat.min 0 L) with 0 by lia. nia.
    - assert (W1 = W0) as Hw by lia. rewrite Hw.
      assert (S k < L).
      { unfold limited in Lim. rewrite HL in Lim. apply orb_false_iff in Lim.
        destruct Lim as [_ Lim]. apply Nat.leb_gt in Lim. exact Lim. }
      replace (Nat.min (S k) L) with (S k) by lia. replace (Nat.min k L) with k by lia.
      lia. }
  destruct (sphase rs) as [|h d|sc] eqn:P; destruct t as [| |p|p]; try discriminate;
    try (destruct d; discriminate).
  - apply Htake; reflexivity.
  - destruct (sdraw_pile rs); apply Htake; reflexivity.
  - apply (Hplace p h _ h d eq_refl); [|exact Hns].
    intros E. rewrite E in Lg. destruct d; discriminate.
  - destruct d; [|discriminate].
    apply (Hplace p _ h h true eq_refl); [|exact Hns].
    intros E. rewrite E in Lg. discriminate.
Qed.

(** ** A game's step *)

Lemma deal_round_moves_left r order st n h L :
  round_moves_left (gplayers r) L (deal_round r order st n h) <= round_bound (gplayers r) L.
Proof.
  unfold deal_round. pose proof (deal_grids_weight (gplayers r) order) as W.
  destruct (deal_grids (gplayers r) order) as [gs rest]. simpl in W.
  unfold round_moves_left, turn_moves_left, inner, progress_left, round_bound.
  cbn [grevealing ground scurrent grids sstall_turns sphase phase_moves].
  assert (grids_weight gs / 3 <= 16 * gplayers r).
  { apply Nat.div_le_upper_bound; lia. }
  assert (grids_weight gs / 3 * (L + 1) <= 16 * gplayers r * (L + 1))
    by (apply Nat.mul_le_mono_r; assumption).
  replace (Nat.min 0 L) with 0 by lia. nia.
Qed.

(** Every legal move that does not end the game makes [game_moves_left] smaller. *)
(* kind: rules *)
Theorem gstep_decreases r shuf s m s' L R :
  gstall_limit r = Some L -> ground_limit r = Some R ->
  gstep r shuf s m = Some s' -> gover s' = false ->
  game_moves_left (gplayers r) L R s' < game_moves_left (gplayers r) L R s.
Proof.
  intros HL HR H Ho. unfold game_moves_left. set (p := gplayers r).
  destruct m as [a b|t]; simpl in H.
  - (* a reveal *)
    destruct (greveal_legalb s a b) eqn:Lg; [|discriminate]. injection H as <-.
    apply greveal_legalb_spec in Lg. destruct Lg as (Rv & _).
    unfold reveal_step, round_moves_left. rewrite Rv.
    destruct (Nat.ltb_spec (S (scurrent (ground s))) (gplayers r)) as [Lt|Ge];
      cbn [grevealing gnumber ground scurrent].
    + assert (turn_moves_left L (mkSState (grids (ground s)) (discard_pile (ground s))
                (sdraw_pile (ground s)) (S (scurrent (ground s))) (sphase (ground s))
                (turns (ground s)) (sstall_turns (ground s)) (ender (ground s)))
              = turn_moves_left L (ground s)) as E by reflexivity.
      rewrite E. fold p in Lt. lia.
    + set (cs := upd (greveals s) (scurrent (ground s)) (Some (a, b))).
      assert (turn_moves_left L (mkSState (reveal_grids cs (grids (ground s)))
                (discard_pile (ground s)) (sdraw_pile (ground s))
                (if gnumber s =? 1 then first_starter (revealed_sums cs (grids (ground s)))
                 else gstarter s)
                (sphase (ground s)) (turns (ground s)) (sstall_turns (ground s))
                (ender (ground s)))
              <= turn_moves_left L (ground s)) as E.
      { unfold turn_moves_left, inner, progress_left. cbn [grids sphase sstall_turns].
        pose proof (reveal_grids_weight cs (grids (ground s))).
        assert (grids_weight (reveal_grids cs (grids (ground s))) / 3
                <= grids_weight (grids (ground s)) / 3) by (apply Nat.div_le_mono; lia).
        assert (grids_weight (reveal_grids cs (grids (ground s))) / 3 * (L + 1)
                <= grids_weight (grids (ground s)) / 3 * (L + 1))
          by (apply Nat.mul_le_mono_r; assumption).
        nia. }
      lia.
  - (* a turn's move *)
    destruct (grevealing s) eqn:Rv; [discriminate|].
    destruct (sstep (round_rules r) shuf (ground s) t) as [rs|] eqn:E; [|discriminate].
    injection H as <-. unfold after_turn in *.
    assert (HL' : sstall_limit (round_rules r) = Some L) by exact HL.
    destruct (sphase rs) as [| |sc] eqn:P.
    + unfold with_round, round_moves_left. cbn [grevealing gnumber ground]. rewrite Rv.
      pose proof (sstep_decreases _ _ _ _ _ L HL' E ltac:(intros sc; rewrite P; discriminate)).
      lia.
    + unfold with_round, round_moves_left. cbn [grevealing gnumber ground]. rewrite Rv.
      pose proof (sstep_decreases _ _ _ _ _ L HL' E ltac:(intros sc; rewrite P; discriminate)).
      lia.
    + destruct (game_ends r _ || last_round r (gnumber s)) eqn:G.
      * unfold gover in Ho. simpl in Ho. rewrite P in Ho. discriminate.
      * apply orb_false_iff in G. destruct G as [_ G]. unfold last_round in G.
        rewrite HR in G. apply Nat.leb_gt in G.
        pose proof (deal_round_moves_left r (shuf (gdeck r)) (next_starter r s (ender rs))
                      (S (gnumber s))
                      (ghistory s ++ [(map grid_sum (grids rs), ender rs, sc)]) L) as D.
        fold p in D.
        assert (Hn : gnumber (deal_round r (shuf (gdeck r)) (next_starter r s (ender rs))
                       (S (gnumber s)) (ghistory s ++ [(map grid_sum (grids rs), ender rs, sc)]))
                     = S (gnumber s)).
        { unfold deal_round. destruct (deal_grids _ _). reflexivity. }
        rewrite Hn. replace (Nat.min (S (gnumber s)) R) with (S (gnumber s)) by lia.
        replace (Nat.min (gnumber s) R) with (gnumber s) by lia.
        replace (R - gnumber s) with (S (R - S (gnumber s))) by lia.
        pose proof (game_moves_left_pos p L R s) as Pos. unfold game_moves_left in Pos.
        unfold round_moves_left at 2. rewrite Rv.
        pose proof (turn_moves_left_pos L (ground s)). simpl. lia.
Qed.

(** ** The bounds *)

(** The sequences of legal moves of a game: [gmoves r s n s'] when [n] legal moves, each
    with any shuffle, lead from [s] to [s']. *)
Inductive gmoves (r : grules) : gstate -> nat -> gstate -> Prop :=
  | gmoves_none s : gmoves r s 0 s
  | gmoves_step s m s1 shuf n s2 :
      gstep r shuf s m = Some s1 -> gmoves r s1 n s2 -> gmoves r s (S n) s2.

Lemma gmoves_app r s k s1 n s2 : gmoves r s k s1 -> gmoves r s1 n s2 -> gmoves r s (k + n) s2.
Proof.
  intros H1 H2. induction H1 as [s|s m s0 shuf k s3 Hs H IH]; [exact H2|].
  simpl. apply (gmoves_step r s m s0 shuf); auto.
Qed.

Lemma gmoves_from_over r s n s' : gover s = true -> gmoves r s n s' -> n = 0.
Proof.
  intros Ho H. destruct H as [|s m s1 shuf n s2 Hs _]; [reflexivity|].
  destruct (no_move_after_game_end r shuf s m Ho) as [_ E]. congruence.
Qed.

(** From any state whatever, every sequence of legal moves has at most
    [game_moves_left p L R s] moves. *)
(* kind: rules *)
Theorem gmoves_bound r L R s n s' :
  gstall_limit r = Some L -> ground_limit r = Some R ->
  gmoves r s n s' -> n <= game_moves_left (gplayers r) L R s.
Proof.
  intros HL HR H. induction H as [s|s m s1 shuf n s2 Hs H IH]; [lia|].
  destruct (gover s1) eqn:Ho.
  - rewrite (gmoves_from_over r s1 n s2 Ho H).
    pose proof (game_moves_left_pos (gplayers r) L R s). lia.
  - pose proof (gstep_decreases r shuf s m s1 L R HL HR Hs Ho). lia.
Qed.

(** The step relation of a game with both bounds is well founded: there is no endless
    sequence of legal moves, whatever the shuffles. *)
(* kind: rules *)
Theorem gstep_well_founded r L R :
  gstall_limit r = Some L -> ground_limit r = Some R ->
  well_founded (fun s' s => exists shuf m, gstep r shuf s m = Some s').
Proof.
  intros HL HR.
  apply (well_founded_lt_compat _
           (fun s => if gover s then 0 else game_moves_left (gplayers r) L R s)).
  intros s' s (shuf & m & Hs).
  destruct (gover s) eqn:Hos.
  { destruct (no_move_after_game_end r shuf s m Hos) as [_ E]. congruence. }
  destruct (gover s') eqn:Ho.
  - apply game_moves_left_pos.
  - apply (gstep_decreases r shuf s m s' L R HL HR Hs Ho).
Qed.

(** S-END-3: every game ends.  With a stall limit [L] and a round limit [R], every
    sequence of legal moves from the deal, whatever the deal's order and the shuffles,
    has at most max(1, R) * (p + 1 + 2 * (16 * p + 1) * (L + 1)) moves, p = players. *)
(* kind: rules *)
Theorem skyjo_game_ends r order L R n s :
  gstall_limit r = Some L -> ground_limit r = Some R ->
  gmoves r (new_game r order) n s ->
  n <= Nat.max 1 R * (gplayers r + 1 + 2 * (16 * gplayers r + 1) * (L + 1)).
Proof.
  intros HL HR H. pose proof (gmoves_bound r L R _ n s HL HR H) as B.
  pose proof (deal_round_moves_left r order 0 1 [] L) as D.
  unfold game_moves_left in B. unfold new_game in B.
  assert (Hn : gnumber (deal_round r order 0 1 []) = 1).
  { unfold deal_round. destruct (deal_grids _ _). reflexivity. }
  rewrite Hn in B. fold (round_bound (gplayers r) L).
  assert (R - Nat.min 1 R + 1 = Nat.max 1 R) as M by lia.
  rewrite <- M. rewrite Nat.mul_add_distr_r. lia.
Qed.

(** With a round limit of at least 1 (as the rules require), the bound is
    R * (p + 1 + 2 * (16 * p + 1) * (L + 1)). *)
(* kind: rules *)
Corollary skyjo_game_ends_within r order L R n s :
  gstall_limit r = Some L -> ground_limit r = Some R -> 1 <= R ->
  gmoves r (new_game r order) n s ->
  n <= R * (gplayers r + 1 + 2 * (16 * gplayers r + 1) * (L + 1)).
Proof.
  intros HL HR H1 H. pose proof (skyjo_game_ends r order L R n s HL HR H) as B.
  replace (Nat.max 1 R) with R in B by lia. exact B.
Qed.

Lemma greachable_gmoves r s :
  greachable r s -> exists order k, gmoves r (new_game r order) k s.
Proof.
  intros H. induction H as [order _|shuf s m s' _ _ IH Hs].
  - exists order, 0. apply gmoves_none.
  - destruct IH as (order & k & Hk). exists order, (k + 1).
    apply (gmoves_app r _ k s 1 s' Hk). apply (gmoves_step r s m s' shuf 0 s' Hs).
    apply gmoves_none.
Qed.

(** From every reachable game, the moves already made and every sequence of legal
    moves that can follow stay within the same bound. *)
(* kind: rules *)
Corollary greachable_ends r L R s n s' :
  gstall_limit r = Some L -> ground_limit r = Some R ->
  greachable r s -> gmoves r s n s' ->
  exists order k, gmoves r (new_game r order) k s
    /\ k + n <= Nat.max 1 R * (gplayers r + 1 + 2 * (16 * gplayers r + 1) * (L + 1)).
Proof.
  intros HL HR Hr H. destruct (greachable_gmoves r s Hr) as (order & k & Hk).
  exists order, k. split; [exact Hk|]. apply (skyjo_game_ends r order L R _ s' HL HR).
  apply (gmoves_app r _ k s n s' Hk H).
Qed.
