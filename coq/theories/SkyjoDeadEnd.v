(** * Skyjo: no dead end (issue 62, point 3).

    Every reachable game that is not over has a legal move ([greachable_no_dead_end]),
    for every deck with more cards than the grids take (one for the discard pile) and
    at least one player.  What the rules rely on, proved as an invariant of every
    reachable game ([greachable_inv]):

    - every seat has a grid, and the seat to move, the starter and the round ender are
      seats;
    - while the reveals are chosen (S-SETUP-4), the phase is taking a card, nobody has
      ended the round, every grid is the 12 face-down cards of the deal, and every
      choice made is two distinct places;
    - in a round's play, the discard pile is not empty when a card is to be taken
      (S-TURN-1: taking its top is always possible); before the round has an ender,
      every grid has a face-down card (S-END-1: the first player without one ends the
      round); after it, every seat that has not yet had its one more turn still has a
      face-down card (so the seat to move has a card to swap, S-TURN-2).

    The grid and column invariants of Skyjo.v ([sstep_columns_ok]) are not needed for
    this: a grid with a face-down card always has a place to swap with. *)

From Coq Require Import List Arith ZArith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Conservation Skyjo SkyjoGame.

(** ** The invariant *)

(** How far seat [j] comes after the round ender [x] in the order of play. *)
Definition since (n x j : nat) : nat := if x <=? j then j - x else j + n - x.

(** A grid as the deal lays it out: twelve places, all face down (S-SETUP-2). *)
Definition all_down (g : grid) : Prop :=
  length g = 12 /\ forall p, p < 12 -> exists v, nth p g Gone = Down v.

Definition play_ok (n : nat) (rs : sstate) : Prop :=
  is_scored (sphase rs) = false ->
  (sphase rs = Take -> discard_pile rs <> [])
  /\ (ender rs = None -> forall g, In g (grids rs) -> has_down g = true)
  /\ (forall x, ender rs = Some x ->
        forall j, j < n -> since n x (scurrent rs) <= since n x j ->
        has_down (nth j (grids rs) []) = true).

Definition rinv (n : nat) (rs : sstate) : Prop :=
  length (grids rs) = n /\ scurrent rs < n /\ (forall x, ender rs = Some x -> x < n)
  /\ play_ok n rs.

Definition choice_ok (c : option (nat * nat)) : Prop :=
  match c with None => True | Some (a, b) => a < b end.

Definition ginv (r : grules) (s : gstate) : Prop :=
  rinv (gplayers r) (ground s) /\ gstarter s < gplayers r
  /\ (grevealing s = true ->
        sphase (ground s) = Take /\ ender (ground s) = None
        /\ discard_pile (ground s) <> []
        /\ (forall g, In g (grids (ground s)) -> all_down g)
        /\ (forall c, In c (greveals s) -> choice_ok c)).

(** The rules a game can be played with: at least one player, and more cards than
    the grids take. *)
Definition playable (r : grules) : Prop :=
  0 < gplayers r /\ 12 * gplayers r < length (gdeck r).

(** ** Lemmas *)

Lemma In_upd_any {A} (l : list A) i x y : In y (upd l i x) -> In y l \/ y = x.
Proof.
  revert i; induction l as [|a l IH]; intros [|i]; simpl; try tauto.
  - intros [<-|H]; tauto.
  - intros [<-|H]; [tauto|]. destruct (IH i H); tauto.
Qed.

Lemma has_down_nth g p v : nth p g Gone = Down v -> has_down g = true.
Proof.
  intros H. unfold has_down. apply existsb_exists. exists (Down v). split; [|reflexivity].
  rewrite <- H. apply nth_In. apply nth_lt_place. rewrite H. discriminate.
Qed.

Lemma has_down_exists g : has_down g = true -> exists p v, nth p g Gone = Down v.
Proof.
  unfold has_down. intros H. apply existsb_exists in H. destruct H as (q & Hin & Hq).
  destruct q as [|v|v]; try discriminate. apply In_nth with (d := Gone) in Hin.
  destruct Hin as (p & _ & E). eauto.
Qed.

Lemma all_down_has_down g : all_down g -> has_down g = true.
Proof. intros [_ H]. destruct (H 0 ltac:(lia)) as [v E]. exact (has_down_nth g 0 v E). Qed.

Lemma since_self n x : since n x x = 0.
Proof. unfold since. rewrite Nat.leb_refl. lia. Qed.

Lemma since_next n x c :
  c < n -> x < n -> S c mod n <> x -> since n x (S c mod n) = S (since n x c).
Proof.
  intros Hc Hx Hf. destruct (Nat.eq_dec (S c) n) as [E|E].
  - rewrite E, Nat.mod_same in * by lia. unfold since.
    destruct (Nat.leb_spec x 0); destruct (Nat.leb_spec x c); lia.
  - rewrite Nat.mod_small in * by lia. unfold since.
    destruct (Nat.leb_spec x (S c)); destruct (Nat.leb_spec x c); lia.
Qed.

Lemma nth_reveal_places ps g : forall i p,
  nth p (reveal_places ps i g) Gone =
  if existsb (Nat.eqb (i + p)) ps then reveal (nth p g Gone) else nth p g Gone.
Proof.
  induction g as [|q g IH]; intros i p.
  - destruct p; simpl; destruct (existsb _ ps); reflexivity.
  - destruct p as [|p]; simpl.
    + rewrite Nat.add_0_r. reflexivity.
    + rewrite IH. replace (S i + p) with (i + S p) by lia. reflexivity.
Qed.

Lemma reveal_choice_has_down c g :
  choice_ok c -> all_down g -> has_down (reveal_choice c g) = true.
Proof.
  intros Hc Hg. destruct c as [[a b]|]; [|apply all_down_has_down; exact Hg].
  simpl in *. destruct Hg as [_ Hg].
  assert (P : exists p, p < 3 /\ p <> a /\ p <> b).
  { destruct (Nat.eq_dec a 0) as [->|Ha];
      [destruct (Nat.eq_dec b 1) as [->|Hb]; [exists 2|exists 1]|exists 0]; lia. }
  destruct P as (p & Hp & Ha & Hb). destruct (Hg p ltac:(lia)) as [v E].
  apply (has_down_nth _ p v). rewrite nth_reveal_places. simpl.
  destruct (Nat.eqb_spec p a); [lia|]. destruct (Nat.eqb_spec p b); [lia|]. exact E.
Qed.

Lemma reveal_grids_has_down cs gs :
  (forall c, In c cs -> choice_ok c) -> (forall g, In g gs -> all_down g) ->
  forall g, In g (reveal_grids cs gs) -> has_down g = true.
Proof.
  revert cs; induction gs as [|g0 gs IH]; intros cs Hc Hg g H; [destruct H|].
  simpl in H. destruct H as [<-|H].
  - apply reveal_choice_has_down; [|apply Hg; left; reflexivity].
    destruct cs as [|c cs]; [exact I|]. apply Hc. left. reflexivity.
  - apply (IH (tl cs)); auto; [|intros; apply Hg; right; assumption].
    intros c Hin. apply Hc. destruct cs; [destruct Hin|right; exact Hin].
Qed.

Lemma reveal_grids_length cs gs : length (reveal_grids cs gs) = length gs.
Proof. revert cs; induction gs; intros cs; simpl; auto. Qed.

Lemma revealed_sums_length cs gs : length (revealed_sums cs gs) = length gs.
Proof. revert cs; induction gs; intros cs; simpl; auto. Qed.

Lemma deal_grids_shape n : forall order, 12 * n <= length order ->
  let '(gs, rest) := deal_grids n order in
  length gs = n /\ (forall g, In g gs -> all_down g) /\ length rest = length order - 12 * n.
Proof.
  induction n as [|n IH]; intros order L.
  - simpl. split; [reflexivity|]. split; [intros g []|lia].
  - cbn [deal_grids]. specialize (IH (skipn 12 order) ltac:(rewrite skipn_length; lia)).
    destruct (deal_grids n (skipn 12 order)) as [gs rest].
    destruct IH as (Lg & Hg & Lr). split; [simpl; lia|]. split; [|rewrite Lr, skipn_length; lia].
    intros g [<-|H]; [|apply Hg; exact H].
    split; [rewrite map_length, firstn_length; lia|]. intros p Hp.
    exists (nth p (firstn 12 order) 0%Z).
    rewrite (nth_indep _ Gone (Down 0%Z)) by (rewrite map_length, firstn_length; lia).
    apply (map_nth Down).
Qed.

(** A deal of enough cards starts a game in the invariant. *)
Lemma deal_round_inv r order starter number history :
  playable r -> length order = length (gdeck r) -> starter < gplayers r ->
  ginv r (deal_round r order starter number history).
Proof.
  intros [Hn Hd] Lo Hs. unfold deal_round.
  pose proof (deal_grids_shape (gplayers r) order ltac:(lia)) as D.
  destruct (deal_grids (gplayers r) order) as [gs rest]. destruct D as (Lg & Hg & Lr).
  assert (Dp : firstn 1 rest <> []).
  { destruct rest; simpl in *; [lia|discriminate]. }
  unfold ginv, rinv, play_ok. simpl. split; [|split; [exact Hs|]].
  - split; [exact Lg|]. split; [exact Hn|]. split; [intros x E; discriminate|].
    intros _. split; [intros _; exact Dp|]. split; [|intros x E; discriminate].
    intros _ g Hin. apply all_down_has_down, Hg, Hin.
  - intros _. split; [reflexivity|]. split; [reflexivity|]. split; [exact Dp|].
    split; [exact Hg|]. intros c Hc. apply repeat_spec in Hc. subst c. exact I.
Qed.

(** ** A round's step keeps the invariant *)

Lemma new_ender_bound n s gs x :
  scurrent s < n -> (forall y, ender s = Some y -> y < n) -> new_ender s gs = Some x -> x < n.
Proof.
  intros Hc He. unfold new_ender. destruct (ender s) as [y|].
  - intros E. injection E as <-. apply He. reflexivity.
  - destruct (has_down _); intros E; [discriminate|]. injection E as <-. exact Hc.
Qed.

Lemma end_turn_inv r s g' dp pr :
  let n := splayers r in
  0 < n -> rinv n s -> is_scored (sphase s) = false -> dp <> [] ->
  rinv n (Skyjo.end_turn r s (upd (grids s) (scurrent s) g') dp pr).
Proof.
  intros n Hn (Lg & Hc & He & Hp) Hs Hdp. specialize (Hp Hs). destruct Hp as (_ & Hnone & Hsome).
  set (gs := upd (grids s) (scurrent s) g').
  assert (Lgs : length gs = n) by (unfold gs; rewrite upd_length; exact Lg).
  assert (Hne : forall x, new_ender s gs = Some x -> x < n)
    by (intros x; apply new_ender_bound; assumption).
  destruct (end_turn_cases r s gs dp pr) as [(e & E & He')|(E & Hf & _)]; rewrite E.
  - unfold end_round, rinv, play_ok. simpl. split; [rewrite !map_length; exact Lgs|].
    split; [exact Hc|]. split; [|intros C; discriminate C].
    intros x ->. destruct He' as [C|C]; [discriminate|]. apply Hne. symmetry. exact C.
  - set (f := S (scurrent s) mod splayers r) in *.
    assert (Hf' : f < n) by (apply Nat.mod_upper_bound; lia).
    unfold rinv, play_ok. simpl. split; [exact Lgs|]. split; [exact Hf'|]. split; [exact Hne|].
    intros _. split; [intros _; exact Hdp|]. split.
    + intros Hn' g Hin. unfold new_ender in Hn'. destruct (ender s) as [y|] eqn:Ey;
        [discriminate|].
      destruct (has_down (nth (scurrent s) gs [])) eqn:D; [|discriminate].
      unfold gs in Hin. apply In_upd_any in Hin. destruct Hin as [Hin| ->].
      * apply Hnone; [reflexivity|exact Hin].
      * unfold gs in D. rewrite nth_upd_same in D by lia. exact D.
    + intros x Ex j Hj Hle.
      assert (Hjc : j <> scurrent s ->
                    has_down (nth j (grids s) []) = true -> has_down (nth j gs []) = true).
      { intros Hjc D. unfold gs. rewrite nth_upd_other by auto. exact D. }
      assert (Hx : x < n) by (apply Hne; exact Ex).
      assert (Hfx : f <> x) by (intros C; apply Hf; rewrite Ex, C; reflexivity).
      pose proof (since_next n x (scurrent s) Hc Hx Hfx) as Sn.
      change (S (scurrent s) mod n) with f in Sn.
      unfold new_ender in Ex. destruct (ender s) as [y|] eqn:Ey.
      * injection Ex as ->. apply Hjc.
        -- intros ->. lia.
        -- apply (Hsome x eq_refl j Hj). lia.
      * destruct (has_down (nth (scurrent s) gs [])); [discriminate|]. injection Ex as <-.
        rewrite since_self in Sn. apply Hjc.
        -- intros ->. rewrite since_self in Hle. lia.
        -- apply Hnone; [reflexivity|]. apply nth_In. lia.
Qed.

Lemma sstep_inv r shuf s m s' :
  0 < splayers r -> rinv (splayers r) s -> sstep r shuf s m = Some s' -> rinv (splayers r) s'.
Proof.
  intros Hn Hi H. unfold sstep in H. destruct (slegalb s m) eqn:L; [|discriminate].
  simpl in H. injection H as <-. unfold slegalb in L.
  assert (Keep : is_scored (sphase s) = false -> forall dp dr h d,
             rinv (splayers r) (mkSState (grids s) dp dr (scurrent s) (PlaceCard h d)
                                 (turns s) (sstall_turns s) (ender s))).
  { intros Hs dp dr h d. destruct Hi as (Lg & Hc & He & Hp).
    unfold rinv, play_ok in *. simpl. split; [exact Lg|]. split; [exact Hc|].
    split; [exact He|]. intros _. destruct (Hp Hs) as (_ & H1 & H2).
    split; [intros C; discriminate C|]. auto. }
  destruct (sphase s) as [|h d|sc] eqn:P; destruct m as [| |p|p]; try discriminate;
    try (destruct d; discriminate).
  - apply Keep. reflexivity.
  - destruct (sdraw_pile s); apply Keep; reflexivity.
  - unfold place_at. destruct (remove_column _ _) as [g' removed].
    apply end_turn_inv; auto; [rewrite P; reflexivity|]. intros C.
    apply (f_equal (@length Z)) in C. rewrite !app_length in C. simpl in C. lia.
  - unfold place_at. destruct (remove_column _ _) as [g' removed].
    apply end_turn_inv; auto; [rewrite P; reflexivity|]. intros C.
    apply (f_equal (@length Z)) in C. rewrite !app_length in C. simpl in C. lia.
Qed.

(** ** Every reachable game *)

(** The invariant holds in every reachable game. *)
(* kind: rules *)
Theorem greachable_inv r s : playable r -> greachable r s -> ginv r s.
Proof.
  intros Pl H. pose proof Pl as [Hn Hd].
  induction H as [order P|shuf s m s' Hs _ IH E].
  - apply deal_round_inv; [exact Pl|apply Permutation_length; exact P|exact Hn].
  - destruct IH as (Hr & Hst & Hrev). destruct m as [a b|t]; simpl in E.
    + destruct (greveal_legalb s a b) eqn:L; [|discriminate]. injection E as <-.
      apply greveal_legalb_spec in L. destruct L as (R & _ & Lab & _).
      destruct (Hrev R) as (Pt & En & Dp & Ag & Ch).
      destruct Hr as (Lg & Hc & He & _).
      assert (Ch' : forall c, In c (upd (greveals s) (scurrent (ground s)) (Some (a, b))) ->
                              choice_ok c).
      { intros c Hin. apply In_upd_any in Hin. destruct Hin as [Hin| ->]; [auto|exact Lab]. }
      unfold reveal_step. destruct (S (scurrent (ground s)) <? gplayers r) eqn:Lt.
      * apply Nat.ltb_lt in Lt. unfold ginv, rinv, play_ok. simpl.
        split; [|split; [exact Hst|]].
        -- split; [exact Lg|]. split; [exact Lt|]. split; [rewrite En; discriminate|].
           intros _. split; [intros _; exact Dp|]. rewrite En.
           split; [intros _ g Hin; apply all_down_has_down, Ag, Hin|discriminate].
        -- intros _. auto.
      * set (cs := upd (greveals s) (scurrent (ground s)) (Some (a, b))) in *.
        set (st := if gnumber s =? 1 then first_starter (revealed_sums cs (grids (ground s)))
                   else gstarter s).
        assert (Hst' : st < gplayers r).
        { unfold st. destruct (gnumber s =? 1); [|exact Hst].
          destruct (first_starter_correct (revealed_sums cs (grids (ground s)))) as [B _].
          - intros C. apply (f_equal (@length Z)) in C.
            rewrite revealed_sums_length in C. simpl in C. lia.
          - rewrite revealed_sums_length in B. lia. }
        unfold ginv, rinv, play_ok. simpl. split; [|split; [exact Hst'|discriminate]].
        split; [rewrite reveal_grids_length; exact Lg|]. split; [exact Hst'|].
        split; [rewrite En; discriminate|]. intros _. split; [intros _; exact Dp|].
        rewrite En. split; [|discriminate]. intros _.
        apply reveal_grids_has_down; assumption.
    + destruct (grevealing s) eqn:R; [discriminate|].
      destruct (sstep (round_rules r) shuf (ground s) t) as [rs|] eqn:St; [|discriminate].
      injection E as <-.
      assert (Hrs : rinv (gplayers r) rs) by (exact (sstep_inv (round_rules r) shuf (ground s) t rs Hn Hr St)).
      unfold after_turn. destruct (sphase rs) as [| |sc] eqn:P.
      * unfold ginv, with_round. simpl. rewrite R. split; [exact Hrs|]. split; [exact Hst|discriminate].
      * unfold ginv, with_round. simpl. rewrite R. split; [exact Hrs|]. split; [exact Hst|discriminate].
      * destruct (game_ends r _ || last_round r _).
        -- unfold ginv. simpl. split; [exact Hrs|]. split; [exact Hst|discriminate].
        -- apply deal_round_inv; [exact Pl|apply Permutation_length, Hs|].
           unfold next_starter. destruct (ender rs) as [x|] eqn:Ex.
           ++ destruct Hrs as (_ & _ & He & _). apply He. exact Ex.
           ++ apply Nat.mod_upper_bound. lia.
Qed.

(** No dead end: in every reachable game that is not over, some move is legal, and the
    step takes it whatever the shuffle (S-SETUP-4, S-TURN-1..3). *)
(* kind: rules *)
Theorem greachable_no_dead_end r s :
  playable r -> greachable r s -> gover s = false ->
  exists m, In m (glegal_moves s) /\ forall shuf, gstep r shuf s m <> None.
Proof.
  intros Pl H Ho. destruct (greachable_inv r s Pl H) as (Hr & _ & Hrev).
  assert (Legal : forall m, glegal s m ->
                  exists m, In m (glegal_moves s) /\ forall shuf, gstep r shuf s m <> None).
  { intros m Hm. exists m. split; [apply glegal_moves_correct; exact Hm|].
    intros shuf. apply gstep_defined. exact Hm. }
  destruct Hr as (Lg & Hc & He & Hp).
  assert (In (sgrid (ground s)) (grids (ground s))) as Hin by (apply nth_In; lia).
  destruct (grevealing s) eqn:R.
  - destruct (Hrev eq_refl) as (Pt & _ & _ & Ag & _).
    destruct (Ag _ Hin) as [_ Hd]. destruct (Hd 0 ltac:(lia)) as [v0 E0].
    destruct (Hd 1 ltac:(lia)) as [v1 E1].
    apply (Legal (GReveal 0 1)). unfold glegal. split; [exact R|]. split; [exact Pt|].
    split; [lia|]. eauto.
  - unfold gover in Ho. rewrite R in Ho. simpl in Ho.
    destruct (Hp Ho) as (Dp & Hnone & Hsome).
    destruct (sphase (ground s)) as [|h d|sc] eqn:P; [| |discriminate].
    + apply (Legal (GTurn TakeDiscard)). split; [exact R|]. split; [exact P|].
      apply Dp. reflexivity.
    + assert (D : has_down (sgrid (ground s)) = true).
      { destruct (ender (ground s)) as [x|] eqn:Ex.
        - apply (Hsome x eq_refl); [exact Hc|lia].
        - apply Hnone; [reflexivity|exact Hin]. }
      apply has_down_exists in D. destruct D as (p & v & Ep).
      apply (Legal (GTurn (Swap p))). split; [exact R|]. split; [eauto|].
      rewrite Ep. discriminate.
Qed.

(** ** The grids of every reachable game (S-SETUP-2, S-COL-1) *)

Definition grid_ok (g : grid) : Prop := length g = 12 /\ columns_ok g.

Lemma all_down_grid_ok g : all_down g -> grid_ok g.
Proof.
  intros [L H]. split; [exact L|]. intros k Hk. unfold column_value.
  destruct (H (3 * k) ltac:(lia)) as [v E]. rewrite E. reflexivity.
Qed.

Lemma reveal_places_length ps i g : length (reveal_places ps i g) = length g.
Proof. revert i; induction g; intros i; simpl; auto. Qed.

Lemma reveal_choice_grid_ok c g : choice_ok c -> all_down g -> grid_ok (reveal_choice c g).
Proof.
  intros Hc Hg. destruct c as [[a b]|]; [|apply all_down_grid_ok; exact Hg].
  simpl in *. destruct Hg as [L Hg]. split; [rewrite reveal_places_length; exact L|].
  intros k Hk.
  destruct (Hg (3 * k) ltac:(lia)) as [v0 E0]. destruct (Hg (3 * k + 1) ltac:(lia)) as [v1 E1].
  destruct (Hg (3 * k + 2) ltac:(lia)) as [v2 E2].
  unfold column_value. rewrite !nth_reveal_places, E0, E1, E2, !Nat.add_0_l. cbn [existsb].
  destruct (Nat.eqb_spec (3 * k) a); destruct (Nat.eqb_spec (3 * k) b);
    destruct (Nat.eqb_spec (3 * k + 1) a); destruct (Nat.eqb_spec (3 * k + 1) b);
    destruct (Nat.eqb_spec (3 * k + 2) a); destruct (Nat.eqb_spec (3 * k + 2) b);
    cbn [orb reveal]; try reflexivity; lia.
Qed.

Lemma upd_length_grid (g : grid) i q : length (upd g i q) = length g.
Proof. apply upd_length. Qed.

Lemma remove_column_length g k : length (fst (remove_column g k)) = length g.
Proof.
  unfold remove_column. destruct (column_value g k); simpl; [|reflexivity].
  rewrite !upd_length. reflexivity.
Qed.

Lemma finish_length g : length (fst (finish g)) = length g.
Proof.
  unfold finish.
  pose proof (remove_column_length (map reveal g) 0) as L0.
  destruct (remove_column (map reveal g) 0) as [g0 r0]. simpl in L0.
  pose proof (remove_column_length g0 1) as L1. destruct (remove_column g0 1) as [g1 r1].
  pose proof (remove_column_length g1 2) as L2. destruct (remove_column g1 2) as [g2 r2].
  pose proof (remove_column_length g2 3) as L3. destruct (remove_column g2 3) as [g3 r3].
  simpl in *. rewrite map_length in L0. lia.
Qed.

Lemma sstep_lengths r shuf s m s' :
  (forall g, In g (grids s) -> length g = 12) -> sstep r shuf s m = Some s' ->
  forall g, In g (grids s') -> length g = 12.
Proof.
  intros Hl H. unfold sstep in H. destruct (slegalb s m) eqn:L; [|discriminate].
  simpl in H. injection H as <-.
  assert (Place : forall p q out g,
             In g (grids (place_at r s p q out)) -> length g = 12).
  { intros p q out g. unfold place_at.
    set (g0 := nth (scurrent s) (grids s) []).
    pose proof (remove_column_length (upd g0 p q) (p / 3)) as Lr.
    destruct (remove_column (upd g0 p q) (p / 3)) as [g' removed]. simpl in Lr.
    rewrite upd_length in Lr.
    assert (Hg' : length g' = 12 \/ g' = []).
    { destruct (Nat.lt_ge_cases (scurrent s) (length (grids s))) as [Hc|Hc].
      - left. rewrite Lr. apply Hl. apply nth_In. exact Hc.
      - right. unfold g0 in Lr. rewrite nth_overflow in Lr by exact Hc. simpl in Lr.
        destruct g'; [reflexivity|discriminate]. }
    assert (Hgs : forall g1, In g1 (upd (grids s) (scurrent s) g') -> length g1 = 12).
    { intros g1 Hin. destruct (Nat.lt_ge_cases (scurrent s) (length (grids s))) as [Hc|Hc].
      - apply In_upd_any in Hin. destruct Hin as [Hin| ->]; [apply Hl; exact Hin|].
        destruct Hg' as [Hg'|Hg']; [exact Hg'|]. subst g'.
        exfalso. assert (length g0 = 12) by (apply Hl, nth_In, Hc). simpl in Lr. lia.
      - assert (E : upd (grids s) (scurrent s) g' = grids s).
        { clear - Hc. revert Hc. generalize (scurrent s). induction (grids s) as [|x l IH];
            intros [|i] Hi; simpl in *; try lia; try reflexivity. rewrite IH by lia.
          reflexivity. }
        rewrite E in Hin. apply Hl. exact Hin. }
    destruct (end_turn_cases r s (upd (grids s) (scurrent s) g') (discard_pile s ++ [out] ++ removed)
                (progressb (nth p g0 Gone) removed)) as [(e & E & _)|(E & _)];
      rewrite E; simpl.
    - rewrite map_map. intros Hin. apply in_map_iff in Hin. destruct Hin as (x & <- & Hx).
      rewrite finish_length. apply Hgs. exact Hx.
    - exact (Hgs g). }
  destruct (sphase s) as [|h d|sc]; destruct m as [| |p|p]; try exact Hl;
    [simpl; destruct (sdraw_pile s); exact Hl|apply Place|apply Place].
Qed.

(** Every grid of every reachable game has its twelve places (gone ones included) and
    no complete column (S-SETUP-2, S-COL-1): the deal, the reveals (two cards of a
    column of three), every move and the final reveal of a round keep them so. *)
(* kind: rules *)
Theorem greachable_grids r s :
  playable r -> greachable r s -> forall g, In g (grids (ground s)) -> grid_ok g.
Proof.
  intros Pl H. pose proof Pl as [Hn Hd].
  assert (Deal : forall order st n h, length order = length (gdeck r) ->
            forall g, In g (grids (ground (deal_round r order st n h))) -> grid_ok g).
  { intros order st n h Lo g Hin. unfold deal_round in Hin.
    pose proof (deal_grids_shape (gplayers r) order ltac:(lia)) as D.
    destruct (deal_grids (gplayers r) order) as [gs rest]. destruct D as (_ & Hg & _).
    apply all_down_grid_ok, Hg, Hin. }
  induction H as [order P|shuf s m s' Hs Hreach IH E].
  - apply Deal. apply Permutation_length. exact P.
  - destruct (greachable_inv r s Pl Hreach) as (_ & _ & Hrev).
    destruct m as [a b|t]; simpl in E.
    + destruct (greveal_legalb s a b) eqn:L; [|discriminate]. injection E as <-.
      apply greveal_legalb_spec in L. destruct L as (R & _ & Lab & _).
      destruct (Hrev R) as (_ & _ & _ & Ag & Ch).
      unfold reveal_step. destruct (_ <? _); [exact IH|]. simpl.
      assert (Ch' : forall c, In c (upd (greveals s) (scurrent (ground s)) (Some (a, b))) ->
                              choice_ok c).
      { intros c Hin. apply In_upd_any in Hin. destruct Hin as [Hin| ->]; [auto|exact Lab]. }
      generalize (upd (greveals s) (scurrent (ground s)) (Some (a, b))) Ch'.
      clear - Ag. induction (grids (ground s)) as [|g0 gs IHg]; intros cs Hc g Hin;
        [destruct Hin|].
      simpl in Hin. destruct Hin as [<-|Hin].
      * apply reveal_choice_grid_ok; [|apply Ag; left; reflexivity].
        destruct cs as [|c cs]; [exact I|]. apply Hc. left. reflexivity.
      * apply (IHg (fun g H => Ag g (or_intror H)) (tl cs)); [|exact Hin].
        intros c Hin'. apply Hc. destruct cs; [destruct Hin'|right; exact Hin'].
    + destruct (grevealing s) eqn:R; [discriminate|].
      destruct (sstep (round_rules r) shuf (ground s) t) as [rs|] eqn:St; [|discriminate].
      injection E as <-.
      assert (Hrs : forall g, In g (grids rs) -> grid_ok g).
      { intros g Hin. split.
        - apply (sstep_lengths _ _ _ _ _ (fun g H => proj1 (IH g H)) St g Hin).
        - apply (sstep_columns_ok _ _ _ _ _ (fun g H => proj2 (IH g H)) St g Hin). }
      unfold after_turn. destruct (sphase rs) as [| |sc]; [exact Hrs|exact Hrs|].
      destruct (_ || _); [exact Hrs|]. apply Deal. apply Permutation_length, Hs.
Qed.
