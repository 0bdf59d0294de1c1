(** * No dead end: every reachable state that is not over has a legal move.

    [never_stuck] (Legal.v) needs the mover's discard set to hold a pile.  Here the
    reachable invariants are extended with the shapes of the stock and discard piles
    (as many stock piles and discard sets as the seating gives, each set holding
    [discard_pile_count] piles) and with R-TURN-8 (a mover whose hand is empty while
    the game goes on has nothing left to draw: the draw pile and the set-aside cards are
    both empty), and [never_stuck]'s hypothesis is shown to hold in every reachable
    state of a valid rules record. *)

From Coq Require Import List Arith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal Conservation Piles Reachable.

(** What the engine's rules validation guarantees and the proofs below use
    (src/skipbo/games/skipbo/rules.py): at least one discard pile per set (R-DISC-1),
    at least one card in a full hand (R-TURN-1), and in team play every seat sits in a
    team (R-TEAM-5). *)
Definition valid (r : rules) : Prop :=
  first_player r < players r /\ 0 < highest (rdeck r) /\ 0 < discard_pile_count r /\
  0 < hand_size r /\
  forall ts p, teams r = Some ts -> p < players r -> exists t, In t ts /\ In p t.

(** The shapes of the piles: a stock pile for each of the seating's stock piles, a
    discard set beside each, [discard_pile_count] discard piles in each set. *)
Definition piles_ok (r : rules) (s : state) : Prop :=
  length (stocks s) = stock_pile_count r /\
  length (discards s) = stock_pile_count r /\
  forall d, In d (discards s) -> length d = discard_pile_count r.

(** R-TURN-8: while the game goes on, a mover with an empty hand has nothing to draw. *)
Definition turn8_ok (s : state) : Prop :=
  outcome s = None -> hand s = [] -> draw_pile s = [] /\ completed s = [].

Lemma team_index_lt p ts : (exists t, In t ts /\ In p t) -> team_index p ts < length ts.
Proof.
  induction ts as [|t ts IH]; simpl; [intros (t & [] & _)|].
  intros (t' & [->|Hin] & Hp).
  - assert (existsb (Nat.eqb p) t' = true) as E.
    { apply existsb_exists. exists p. split; [assumption|]. apply Nat.eqb_refl. }
    rewrite E. lia.
  - destruct (existsb (Nat.eqb p) t); [lia|]. specialize (IH (ex_intro _ t' (conj Hin Hp))). lia.
Qed.

(** The seat's own discard set is one of the game's (R-TURN-5, R-TEAM-1/2). *)
Lemma own_set_lt r p : valid r -> p < players r -> own_set r p < stock_pile_count r.
Proof.
  intros (_ & _ & _ & _ & Ht) Hp. unfold own_set, stock_pile_count.
  destruct (teams r) as [ts|] eqn:E; [|assumption].
  destruct (shared_piles r); [|assumption].
  unfold team_of. rewrite E.
  pose proof (team_index_lt p ts (Ht ts p eq_refl Hp)).
  pose proof (Nat.mod_upper_bound (position p (nth (team_index p ts) ts [])) 2 ltac:(lia)).
  lia.
Qed.

Lemma upd_forall {A : Type} (P : A -> Prop) (l : list A) i x :
  (forall y, In y l -> P y) -> P x -> forall y, In y (upd l i x) -> P y.
Proof. intros Hl Hx y Hin. apply In_upd in Hin. destruct Hin as [H| ->]; auto. Qed.

Lemma nth_In_or_default {A : Type} (l : list A) i d : In (nth i l d) l \/ nth i l d = d.
Proof.
  destruct (Nat.lt_ge_cases i (length l)).
  - left. apply nth_In. assumption.
  - right. apply nth_overflow. assumption.
Qed.

Lemma after_play_piles r shuf s b c st ds hs won stall :
  stocks (after_play r shuf s b c st ds hs won stall) = st /\
  discards (after_play r shuf s b c st ds hs won stall) = ds.
Proof.
  unfold after_play. destruct (place r s b c). destruct won; [simpl; auto|].
  destruct (nth (current s) hs []); [|simpl; auto].
  destruct (fill r shuf _ _ _) as [[h dp'] comp']. simpl. auto.
Qed.

Lemma end_turn_piles r shuf s ds hs e :
  stocks (end_turn r shuf s ds hs e) = stocks s /\ discards (end_turn r shuf s ds hs e) = ds.
Proof.
  unfold end_turn. destruct (if players r <=? _ then _ else _); [simpl; auto|].
  destruct (fill r shuf _ _ _) as [[h dp'] comp']. simpl. auto.
Qed.

Lemma nth_In_nonnil {A : Type} (l : list (list A)) i : nth i l [] <> [] -> In (nth i l []) l.
Proof. intros H. apply nth_In. apply nth_nonempty_lt. assumption. Qed.

Ltac piles_rewrite :=
  repeat match goal with
  | |- context [stocks (after_play ?r ?shuf ?s ?b ?c ?st ?ds ?hs ?w ?x)] =>
      rewrite (proj1 (after_play_piles r shuf s b c st ds hs w x))
  | |- context [discards (after_play ?r ?shuf ?s ?b ?c ?st ?ds ?hs ?w ?x)] =>
      rewrite (proj2 (after_play_piles r shuf s b c st ds hs w x))
  | |- context [stocks (end_turn ?r ?shuf ?s ?ds ?hs ?e)] =>
      rewrite (proj1 (end_turn_piles r shuf s ds hs e))
  | |- context [discards (end_turn ?r ?shuf ?s ?ds ?hs ?e)] =>
      rewrite (proj2 (end_turn_piles r shuf s ds hs e))
  end.

(* kind: rules *)
Theorem step_piles_ok r shuf s m s' :
  piles_ok r s -> step r shuf s m = Some s' -> piles_ok r s'.
Proof.
  intros (Hs & Hd & Hds) Hstep. apply step_some in Hstep. destruct Hstep as [[_ Hl] ->].
  destruct m as [c b|k b|d i b|c i|]; cbv beta iota zeta delta [perform];
    unfold piles_ok; piles_rewrite; rewrite ?upd_length; repeat split; try assumption.
  - apply upd_forall; [assumption|]. rewrite upd_length. apply Hds, nth_In_nonnil.
    destruct Hl as (_ & _ & Hne & _). intros E. rewrite E in Hne. destruct i; apply Hne; reflexivity.
  - apply upd_forall; [assumption|]. rewrite upd_length. apply Hds, nth_In_nonnil.
    destruct Hl as (_ & Hi). intros E. rewrite E in Hi. simpl in Hi. lia.
Qed.

Lemma deal_stocks_count n size order : length (fst (deal_stocks n size order)) = n.
Proof.
  revert order; induction n as [|n IH]; intros order; simpl; [reflexivity|].
  specialize (IH (skipn size order)). destruct (deal_stocks n size (skipn size order)).
  simpl in *. lia.
Qed.

Lemma deal_piles_ok r order : piles_ok r (deal r order).
Proof.
  unfold deal. pose proof (deal_stocks_count (stock_pile_count r) (stock_size r) order) as Hn.
  destruct (deal_stocks _ _ _) as [stk rest].
  destruct (fill r _ [] rest []) as [[h dp] comp].
  unfold piles_ok; simpl in *. rewrite repeat_length. repeat split; [assumption|].
  intros d Hin. apply repeat_spec in Hin. subst d. apply repeat_length.
Qed.

(** ** R-TURN-8: an empty hand in play means nothing left to draw *)

Lemma fill_empty r shuf h dp comp :
  is_shuffle shuf -> 0 < hand_size r ->
  let '(h', dp', comp') := fill r shuf h dp comp in
  h' = [] -> dp' = [] /\ comp' = [].
Proof.
  intros Hs Hpos. unfold fill, draw.
  destruct h as [|c h]; [|destruct (Nat.leb _ _); simpl; discriminate].
  simpl. rewrite Nat.sub_0_r. destruct (Nat.leb_spec (hand_size r) (length dp)) as [Hle|Hgt].
  - simpl. intros E. exfalso. assert (length (skipn (length dp - hand_size r) dp) = 0) as L
      by (rewrite E; reflexivity). rewrite skipn_length in L. lia.
  - intros E. apply app_eq_nil in E. destruct E as [-> E]. simpl in *.
    rewrite Nat.sub_0_r in *.
    apply (f_equal (@length nat)) in E. rewrite skipn_length in E. simpl in E.
    rewrite (Permutation_length (Hs comp)) in E.
    assert (comp = []) as -> by (apply length_zero_iff_nil; lia).
    split; [|reflexivity]. apply length_zero_iff_nil. rewrite firstn_length.
    rewrite (Permutation_length (Hs [])). simpl. lia.
Qed.

Lemma after_play_turn8 r shuf s b c st ds hs won stall :
  is_shuffle shuf -> 0 < hand_size r -> current s < length hs ->
  turn8_ok (after_play r shuf s b c st ds hs won stall).
Proof.
  intros Hs Hpos Hc. unfold after_play, turn8_ok, hand.
  destruct (place r s b c) as [builds' comp1].
  destruct won; [simpl; discriminate|].
  destruct (nth (current s) hs []) eqn:Eh.
  - pose proof (fill_empty r shuf [] (draw_pile s) comp1 Hs Hpos) as F.
    destruct (fill r shuf [] (draw_pile s) comp1) as [[h dp'] comp']. simpl.
    rewrite nth_upd_same by assumption. intros _. exact F.
  - simpl. rewrite Eh. discriminate.
Qed.

Lemma end_turn_turn8 r shuf s ds hs e :
  is_shuffle shuf -> 0 < hand_size r -> length hs = players r -> current s < players r ->
  turn8_ok (end_turn r shuf s ds hs e).
Proof.
  intros Hs Hpos Hl Hc. unfold end_turn, turn8_ok, hand.
  destruct (if players r <=? _ then _ else _); [simpl; discriminate|].
  set (f := S (current s) mod players r).
  assert (f < length hs) as Hf by (unfold f; rewrite Hl; apply Nat.mod_upper_bound; lia).
  destruct (nth f hs []) as [|c h0] eqn:Eh.
  - pose proof (fill_empty r shuf [] (draw_pile s) (completed s) Hs Hpos) as F.
    destruct (fill r shuf [] (draw_pile s) (completed s)) as [[h dp'] comp']. simpl.
    rewrite nth_upd_same by assumption. intros _. exact F.
  - unfold fill. destruct (draw _ _ _ _) as [[drawn dp'] comp']. simpl.
    rewrite nth_upd_same by assumption. discriminate.
Qed.

(** R-TURN-8: after every legal move, a mover left with an empty hand in a game that
    goes on has nothing left to draw (the hand was refilled from everything there was). *)
(* kind: rules *)
Theorem step_turn8 r shuf s m s' :
  is_shuffle shuf -> 0 < hand_size r -> wf r s -> step r shuf s m = Some s' -> turn8_ok s'.
Proof.
  intros Hs Hpos [Hl Hc] Hstep. apply step_some in Hstep. destruct Hstep as [_ ->].
  destruct m as [c b|k b|d i b|c i|]; cbv beta iota zeta delta [perform];
    first [apply after_play_turn8 | apply end_turn_turn8]; rewrite ?upd_length; auto; lia.
Qed.

Lemma deal_turn8 r order : 0 < hand_size r -> first_player r < players r -> turn8_ok (deal r order).
Proof.
  intros Hpos Hf. unfold deal.
  destruct (deal_stocks _ _ _) as [stk rest].
  assert (is_shuffle (fun l => l)) as Hid by (intros l; apply Permutation_refl).
  pose proof (fill_empty r (fun l => l) [] rest [] Hid Hpos) as F.
  destruct (fill r _ [] rest []) as [[h dp] comp]. unfold turn8_ok, hand. simpl.
  rewrite nth_upd_same by (rewrite repeat_length; assumption). intros _. exact F.
Qed.

(** ** The extended invariants of reachable states, and no dead end *)

(** In every reachable state of a valid game: the invariants of [reachable_invariants],
    the shapes of the stock and discard piles, and R-TURN-8. *)
(* kind: rules *)
Theorem reachable_invariants_ext r order s :
  valid r -> reachable r order s ->
  wf r s /\ builds_ok r s /\ hands_ok r s /\ Permutation (all_cards s) order /\
  piles_ok r s /\ turn8_ok s.
Proof.
  intros Hv H. pose proof Hv as (Hf & Hh & _ & Hpos & _).
  destruct (reachable_invariants r order s Hf Hh H) as (W & B & Hd & P).
  split; [assumption|]. split; [assumption|]. split; [assumption|]. split; [assumption|].
  induction H as [|s m s' shuf Hr IH Hs Hstep].
  - split; [apply deal_piles_ok|apply deal_turn8; assumption].
  - destruct (reachable_invariants r order s Hf Hh Hr) as (W0 & B0 & Hd0 & P0).
    destruct (IH W0 B0 Hd0 P0) as [Hp _]. split.
    + apply (step_piles_ok r shuf s m s'); assumption.
    + apply (step_turn8 r shuf s m s'); assumption.
Qed.

(** [never_stuck]'s hypothesis holds in every reachable state of a valid game: the
    mover's own discard set has a pile. *)
(* kind: rules *)
Theorem reachable_own_discard_set r order s :
  valid r -> reachable r order s ->
  0 < length (nth (own_set r (current s)) (discards s) []).
Proof.
  intros Hv H. destruct (reachable_invariants_ext r order s Hv H)
    as ([_ Hc] & _ & _ & _ & (_ & Hd & Hds) & _).
  pose proof (own_set_lt r (current s) Hv Hc) as Ho. pose proof Hv as (_ & _ & Hdp & _).
  rewrite (Hds _ (nth_In (discards s) [] (ltac:(lia) : own_set r (current s) < length (discards s)))).
  assumption.
Qed.

(** No dead end: every reachable state of a valid game that is not over has a legal
    move (a discard, or the pass of R-TURN-8 when the hand is empty). *)
(* kind: rules *)
Theorem no_dead_end r order s :
  valid r -> reachable r order s -> outcome s = None -> legal_moves r s <> [].
Proof.
  intros Hv H Hout. apply never_stuck; [assumption|].
  apply (reachable_own_discard_set r order s Hv H).
Qed.

(** The same, as a step: from every reachable state that is not over, some move leads
    on, whatever the shuffle. *)
(* kind: rules *)
Corollary no_dead_end_step r order s shuf :
  valid r -> reachable r order s -> outcome s = None ->
  exists m s', step r shuf s m = Some s'.
Proof.
  intros Hv H Hout. pose proof (no_dead_end r order s Hv H Hout) as Hne.
  destruct (legal_moves r s) as [|m ms] eqn:E; [contradiction|].
  exists m, (perform r shuf s m). apply step_some. split; [|reflexivity].
  apply legal_moves_correct. rewrite E. left. reflexivity.
Qed.
