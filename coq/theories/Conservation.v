(** * (b) Card conservation: the multiset of all cards is unchanged by every legal
      move, every refill and every reshuffle (R-DRAW-2/3), for every shuffle. *)

From Coq Require Import List Arith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal.

(** Every card of the state, in every place. *)
Definition all_cards (s : state) : list card :=
  concat (stocks s) ++ concat (concat (discards s)) ++ concat (hands s)
  ++ concat (builds s) ++ draw_pile s ++ completed s.

(** A shuffle is any function that permutes its argument. *)
Definition is_shuffle (shuf : list card -> list card) : Prop :=
  forall l, Permutation (shuf l) l.

(** A well-formed state: a hand for every seat, and the current seat one of them. *)
Definition wf (r : rules) (s : state) : Prop :=
  length (hands s) = players r /\ current s < players r.

Definition cnt (x : card) (l : list card) : nat := count_occ Nat.eq_dec l x.

Lemma cnt_app x a b : cnt x (a ++ b) = cnt x a + cnt x b.
Proof. apply count_occ_app. Qed.

Lemma cnt_nil x : cnt x [] = 0.
Proof. reflexivity. Qed.

Lemma cnt_perm x a b : Permutation a b -> cnt x a = cnt x b.
Proof. intros H. apply (Permutation_count_occ Nat.eq_dec) with (x := x) in H. exact H. Qed.

Lemma cnt_firstn_skipn x n l : cnt x (firstn n l) + cnt x (skipn n l) = cnt x l.
Proof. rewrite <- cnt_app, firstn_skipn. reflexivity. Qed.

Lemma upd_length {A : Type} (l : list A) i x : length (upd l i x) = length l.
Proof. revert i; induction l; intros [|i]; simpl; auto. Qed.

Lemma nth_upd_same {A : Type} (l : list A) i x d :
  i < length l -> nth i (upd l i x) d = x.
Proof. revert i; induction l; intros [|i] H; simpl in *; try lia; auto with arith. Qed.

Lemma nth_upd_other {A : Type} (l : list A) i j x d :
  i <> j -> nth j (upd l i x) d = nth j l d.
Proof.
  revert i j; induction l; intros [|i] [|j] H; simpl; auto; try lia.
Qed.

Lemma In_upd {A : Type} (l : list A) i x y : In y (upd l i x) -> In y l \/ y = x.
Proof.
  revert i; induction l as [|a l IH]; intros [|i]; simpl; try tauto.
  - intros [<-|H]; tauto.
  - intros [<-|H]; [tauto|]. destruct (IH i H); tauto.
Qed.

Lemma cnt_concat_upd x (l : list pile) i y :
  i < length l -> cnt x (concat (upd l i y)) + cnt x (nth i l []) = cnt x (concat l) + cnt x y.
Proof.
  revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia;
    rewrite !cnt_app; [lia|]. specialize (IH i ltac:(lia)). lia.
Qed.

Lemma cnt_concat2_upd x (l : list (list pile)) i y :
  i < length l ->
  cnt x (concat (concat (upd l i y))) + cnt x (concat (nth i l [])) =
  cnt x (concat (concat l)) + cnt x (concat y).
Proof.
  revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia;
    rewrite !concat_app, !cnt_app; [lia|]. specialize (IH i ltac:(lia)). lia.
Qed.

Lemma cnt_remove_one x c h : In c h -> cnt x h = cnt x (remove_one c h) + cnt x [c].
Proof.
  induction h as [|a h IH]; simpl; [tauto|]. intros Hin.
  destruct (Nat.eqb_spec a c) as [->|Hne].
  - unfold cnt. simpl. destruct (Nat.eq_dec c x); lia.
  - destruct Hin as [->|Hin]; [contradiction|]. specialize (IH Hin).
    unfold cnt in *. simpl in *. destruct (Nat.eq_dec a x); destruct (Nat.eq_dec c x); simpl; lia.
Qed.

Lemma cnt_removelast x p : p <> [] -> cnt x p = cnt x (removelast p) + cnt x [top p].
Proof.
  intros H. unfold top. rewrite (app_removelast_last wild H) at 1.
  rewrite cnt_app. reflexivity.
Qed.

(** Refills and reshuffles (R-DRAW-1/2/3) move cards, they never make or lose one. *)
Lemma draw_conserves shuf n dp comp x :
  is_shuffle shuf ->
  let '(drawn, dp', comp') := draw shuf n dp comp in
  cnt x drawn + cnt x dp' + cnt x comp' = cnt x dp + cnt x comp.
Proof.
  intros Hs. unfold draw. destruct (n <=? length dp).
  - pose proof (cnt_firstn_skipn x (length dp - n) dp). lia.
  - rewrite cnt_app. pose proof (cnt_firstn_skipn x (length (shuf comp) - (n - length dp))
                                   (shuf comp)).
    rewrite (cnt_perm x _ _ (Hs comp)) in H. rewrite cnt_nil. lia.
Qed.

Lemma fill_conserves r shuf h dp comp x :
  is_shuffle shuf ->
  let '(h', dp', comp') := fill r shuf h dp comp in
  cnt x h' + cnt x dp' + cnt x comp' = cnt x h + cnt x dp + cnt x comp.
Proof.
  intros Hs. unfold fill. pose proof (draw_conserves shuf (hand_size r - length h) dp comp x Hs).
  destruct (draw shuf _ dp comp) as [[drawn dp'] comp']. rewrite cnt_app. lia.
Qed.

(* kind: rules *)
Theorem draw_permutes shuf n dp comp :
  is_shuffle shuf ->
  let '(drawn, dp', comp') := draw shuf n dp comp in
  Permutation (drawn ++ dp' ++ comp') (dp ++ comp).
Proof.
  intros Hs. pose proof (fun x => draw_conserves shuf n dp comp x Hs) as H.
  destruct (draw shuf n dp comp) as [[drawn dp'] comp'].
  apply (Permutation_count_occ Nat.eq_dec). intros x.
  specialize (H x). unfold cnt in H. rewrite !count_occ_app. lia.
Qed.

Ltac proj := cbn [stocks discards hands builds draw_pile completed current turn turn_moves
                   empty_passes outcome] in *.

Definition total x s := cnt x (all_cards s).

Lemma total_eq x s :
  total x s = cnt x (concat (stocks s)) + cnt x (concat (concat (discards s)))
              + cnt x (concat (hands s)) + cnt x (concat (builds s))
              + cnt x (draw_pile s) + cnt x (completed s).
Proof. unfold total, all_cards. rewrite !cnt_app. lia. Qed.

Lemma place_conserves r s b c x :
  b < length (builds s) ->
  let '(builds', comp1) := place r s b c in
  cnt x (concat builds') + cnt x comp1 = cnt x (concat (builds s)) + cnt x (completed s) + cnt x [c].
Proof.
  intros Hb. unfold place. destruct (_ =? _).
  - pose proof (cnt_concat_upd x (builds s) b [] Hb). rewrite !cnt_app in *.
    rewrite cnt_nil in H. lia.
  - pose proof (cnt_concat_upd x (builds s) b (nth b (builds s) [] ++ [c]) Hb).
    rewrite !cnt_app in *. lia.
Qed.

Lemma after_play_conserves r shuf s b c st ds hs won stall x :
  is_shuffle shuf -> b < length (builds s) -> current s < length hs ->
  total x (after_play r shuf s b c st ds hs won stall) =
  cnt x (concat st) + cnt x (concat (concat ds)) + cnt x (concat hs)
  + cnt x (concat (builds s)) + cnt x (draw_pile s) + cnt x (completed s) + cnt x [c].
Proof.
  intros Hs Hb Hp. unfold after_play.
  pose proof (place_conserves r s b c x Hb) as Hpl.
  destruct (place r s b c) as [builds' comp1].
  destruct won as [t|]; [rewrite total_eq; proj; lia|].
  destruct (nth (current s) hs []) as [|a rest] eqn:Eh.
  - pose proof (fill_conserves r shuf [] (draw_pile s) comp1 x Hs) as Hf.
    destruct (fill r shuf [] (draw_pile s) comp1) as [[h dp'] comp'].
    rewrite total_eq. proj.
    pose proof (cnt_concat_upd x hs (current s) h Hp). rewrite Eh, cnt_nil in *. lia.
  - rewrite total_eq. proj. lia.
Qed.

Lemma end_turn_conserves r shuf s ds hs e x :
  is_shuffle shuf -> length hs = players r -> 0 < players r ->
  total x (end_turn r shuf s ds hs e) =
  cnt x (concat (stocks s)) + cnt x (concat (concat ds)) + cnt x (concat hs)
  + cnt x (concat (builds s)) + cnt x (draw_pile s) + cnt x (completed s).
Proof.
  intros Hs Hl Hp. unfold end_turn.
  destruct (if players r <=? _ then _ else _) as [t|].
  - rewrite total_eq. reflexivity.
  - set (f := S (current s) mod players r).
    pose proof (fill_conserves r shuf (nth f hs []) (draw_pile s) (completed s) x Hs) as Hf.
    destruct (fill r shuf _ _ _) as [[h dp'] comp'].
    rewrite total_eq. proj.
    assert (f < length hs) as Hf' by (subst f; rewrite Hl; apply Nat.mod_upper_bound; lia).
    pose proof (cnt_concat_upd x hs f h Hf'). lia.
Qed.

Lemma hand_in_lt s c : In c (hand s) -> current s < length (hands s).
Proof.
  unfold hand. intros H. apply nth_nonempty_lt. intros E. rewrite E in H. contradiction.
Qed.

(** The count of every card is the same after every legal move (whatever the move
    triggers: the next stock card, a completed pile set aside, a refill, a reshuffle,
    the next player's refill). *)
(* kind: rules *)
Theorem step_conserves_counts r shuf s m s' x :
  is_shuffle shuf -> wf r s -> step r shuf s m = Some s' -> total x s' = total x s.
Proof.
  intros Hs [Hl Hc] Hstep. apply step_some in Hstep. destruct Hstep as [[_ Hleg] ->].
  assert (current s < length (hands s)) as Hp by lia.
  destruct m as [c b|k b|d i b|c i|]; simpl in Hleg |- *.
  - destruct Hleg as (_ & Hin & Hb & _).
    rewrite after_play_conserves; auto; [|rewrite upd_length; assumption].
    pose proof (cnt_concat_upd x (hands s) (current s) (remove_one c (hand s)) Hp).
    pose proof (cnt_remove_one x c (hand s) Hin). unfold hand in *.
    rewrite total_eq. lia.
  - destruct Hleg as (_ & _ & Hne & Hb & _).
    rewrite after_play_conserves; auto.
    pose proof (cnt_concat_upd x (stocks s) k (removelast (nth k (stocks s) []))
                  (nth_nonempty_lt _ _ Hne)).
    pose proof (cnt_removelast x _ Hne). rewrite total_eq. lia.
  - destruct Hleg as (_ & _ & Hne & Hb & _).
    rewrite after_play_conserves; auto.
    assert (Hd : nth d (discards s) [] <> []).
    { intros E. rewrite E in Hne. destruct i; apply Hne; reflexivity. }
    pose proof (cnt_concat2_upd x (discards s) d
                  (upd (nth d (discards s) []) i (removelast (nth i (nth d (discards s) []) [])))
                  (nth_nonempty_lt _ _ Hd)).
    pose proof (cnt_concat_upd x (nth d (discards s) []) i
                  (removelast (nth i (nth d (discards s) []) [])) (nth_nonempty_lt _ _ Hne)).
    pose proof (cnt_removelast x _ Hne). rewrite total_eq. lia.
  - destruct Hleg as (Hin & Hi).
    rewrite end_turn_conserves; auto; [|rewrite upd_length; assumption|lia].
    set (o := own_set r (current s)) in *.
    assert (Hd : nth o (discards s) [] <> []).
    { intros E. rewrite E in Hi. simpl in Hi. lia. }
    pose proof (cnt_concat2_upd x (discards s) o
                  (upd (nth o (discards s) []) i (nth i (nth o (discards s) []) [] ++ [c]))
                  (nth_nonempty_lt _ _ Hd)).
    pose proof (cnt_concat_upd x (nth o (discards s) []) i
                  (nth i (nth o (discards s) []) [] ++ [c]) Hi).
    pose proof (cnt_concat_upd x (hands s) (current s) (remove_one c (hand s)) Hp).
    pose proof (cnt_remove_one x c (hand s) Hin). unfold hand in *.
    rewrite cnt_app in *. rewrite total_eq. lia.
  - rewrite end_turn_conserves; auto; [|lia]. rewrite total_eq. lia.
Qed.

(** Card conservation: the cards after a legal move are a permutation of those before. *)
(* kind: restates *)
Theorem step_conserves r shuf s m s' :
  is_shuffle shuf -> wf r s -> step r shuf s m = Some s' ->
  Permutation (all_cards s') (all_cards s).
Proof.
  intros Hs Hwf Hstep. apply (Permutation_count_occ Nat.eq_dec). intros x.
  exact (step_conserves_counts r shuf s m s' x Hs Hwf Hstep).
Qed.

(** Well-formedness is an invariant, so conservation holds along every game. *)
(* kind: rules *)
Theorem step_wf r shuf s m s' : wf r s -> step r shuf s m = Some s' -> wf r s'.
Proof.
  intros [Hl Hc] Hstep. apply step_some in Hstep. destruct Hstep as [_ ->].
  assert (Hend : forall ds hs e, length hs = players r ->
             wf r (end_turn r shuf s ds hs e)).
  { intros ds hs e Hhs. unfold end_turn, wf.
    destruct (if players r <=? _ then _ else _); simpl; [lia|].
    destruct (fill r shuf _ _ _) as [[h dp'] comp']. simpl.
    rewrite upd_length. split; [lia|]. apply Nat.mod_upper_bound. lia. }
  assert (Hplay : forall b c st ds hs won stall, length hs = players r ->
             wf r (after_play r shuf s b c st ds hs won stall)).
  { intros b c st ds hs won stall Hhs. unfold after_play, wf.
    destruct (place r s b c). destruct won; simpl; [lia|].
    destruct (nth (current s) hs []).
    - destruct (fill r shuf _ _ _) as [[h dp'] comp']. simpl. rewrite upd_length. lia.
    - simpl. lia. }
  destruct m; simpl; try apply Hplay; try apply Hend; try rewrite upd_length; auto.
Qed.

(** The deal conserves the cards it is given (the first hand filled from them). *)
Lemma deal_stocks_conserves n size order x :
  let '(stk, rest) := deal_stocks n size order in
  cnt x (concat stk) + cnt x rest = cnt x order.
Proof.
  revert order; induction n as [|n IH]; intros order; simpl; [reflexivity|].
  specialize (IH (skipn size order)). destruct (deal_stocks n size (skipn size order)).
  simpl. rewrite cnt_app. pose proof (cnt_firstn_skipn x size order). lia.
Qed.

Lemma concat_repeat_nil {A : Type} n : concat (repeat (@nil A) n) = [].
Proof. induction n; simpl; auto. Qed.

(* kind: rules *)
Theorem deal_conserves r order :
  first_player r < players r -> Permutation (all_cards (deal r order)) order.
Proof.
  intros Hf. apply (Permutation_count_occ Nat.eq_dec). intros x.
  unfold deal. pose proof (deal_stocks_conserves (stock_pile_count r) (stock_size r) order x).
  destruct (deal_stocks _ _ _) as [stk rest].
  assert (is_shuffle (fun l => l)) as Hid by (intros l; apply Permutation_refl).
  pose proof (fill_conserves r (fun l => l) [] rest [] x Hid) as Hfill.
  destruct (fill r _ [] rest []) as [[h dp] comp].
  change (total x (mkState stk (repeat (repeat [] (discard_pile_count r)) (stock_pile_count r))
    (upd (repeat [] (players r)) (first_player r) h) (repeat [] (build_pile_count r)) dp comp
    (first_player r) 1 0 0 0 None) = cnt x order).
  rewrite total_eq. proj.
  pose proof (cnt_concat_upd x (repeat [] (players r)) (first_player r) h
                ltac:(rewrite repeat_length; assumption)) as Hu.
  rewrite nth_repeat, concat_repeat_nil, cnt_nil in Hu.
  assert (forall n m, concat (concat (repeat (repeat (@nil card) m) n)) = []) as Hz.
  { induction n as [|n IH]; intros m; simpl; auto. rewrite concat_app, IH, concat_repeat_nil.
    reflexivity. }
  rewrite Hz, concat_repeat_nil, !cnt_nil. rewrite cnt_nil in Hfill. lia.
Qed.

(** R-DECK-1 / R-DECK-2: a deck holds [copies] of each number and [wilds] wilds. *)
Lemma flat_map_repeat_length c (l : list nat) :
  length (flat_map (fun v => repeat v c) l) = length l * c.
Proof. induction l as [|a l IH]; simpl; [reflexivity|]. rewrite app_length, repeat_length, IH. lia. Qed.

(* kind: restates *)
Theorem deck_size d : length (deck_cards d) = copies d * highest d + wilds d.
Proof.
  unfold deck_cards. rewrite app_length, repeat_length, flat_map_repeat_length, seq_length. lia.
Qed.

(* kind: restates *)
Theorem deck_counts d v :
  cnt v (deck_cards d) = if Nat.eqb v wild then wilds d
                         else if Nat.leb v (highest d) then copies d else 0.
Proof.
  unfold deck_cards, cnt. rewrite count_occ_app.
  assert (forall l, count_occ Nat.eq_dec (flat_map (fun x => repeat x (copies d)) l) v
                    = count_occ Nat.eq_dec l v * copies d) as F.
  { induction l as [|a l IH]; simpl; [reflexivity|]. rewrite count_occ_app, IH.
    destruct (Nat.eq_dec a v) as [->|Hne].
    - rewrite count_occ_repeat_eq by reflexivity. lia.
    - rewrite count_occ_repeat_neq by congruence. lia. }
  rewrite F. destruct (Nat.eqb_spec v wild) as [->|Hv].
  - rewrite count_occ_repeat_eq by reflexivity.
    rewrite (proj1 (count_occ_not_In Nat.eq_dec (seq 1 (highest d)) wild)).
    + lia.
    + intros H. apply in_seq in H. unfold wild in H. lia.
  - rewrite count_occ_repeat_neq by (intros E; apply Hv; exact E).
    destruct (Nat.leb_spec v (highest d)).
    + assert (count_occ Nat.eq_dec (seq 1 (highest d)) v = 1) as ->.
      { apply (NoDup_count_occ' Nat.eq_dec); [apply seq_NoDup|].
        apply in_seq. unfold wild in Hv. lia. }
      lia.
    + rewrite (proj1 (count_occ_not_In Nat.eq_dec (seq 1 (highest d)) v)).
      * lia.
      * intros Hin. apply in_seq in Hin. lia.
Qed.
