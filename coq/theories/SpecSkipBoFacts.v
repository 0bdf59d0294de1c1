(** * What the rules promise, proved over the specification alone.

    These theorems speak of [SpecSkipBo.Step] and [SpecSkipBo.Deal], the rules written
    apart from the model, and import nothing of the model: no card is made or lost by any
    move, refill or reshuffle; build piles stay runs; no hand grows past the hand size;
    and all of it in every state a game can reach. *)

From Coq Require Import List Arith Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SpecSkipBo.

Definition Card_eq_dec (a b : Card) : {a = b} + {a <> b}.
Proof. decide equality; apply Nat.eq_dec. Defined.

Definition cnt (x : Card) (l : list Card) : nat := count_occ Card_eq_dec l x.

Lemma cnt_app x a b : cnt x (a ++ b) = cnt x a + cnt x b.
Proof. apply count_occ_app. Qed.

Lemma cnt_perm x a b : Permutation a b -> cnt x a = cnt x b.
Proof. intros H. apply (Permutation_count_occ Card_eq_dec) with (x := x) in H. exact H. Qed.

Lemma firstn_nth_skipn {A : Type} (l : list A) i d :
  i < length l -> l = firstn i l ++ nth i l d :: skipn (S i) l.
Proof.
  revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia; [reflexivity|].
  f_equal. apply IH. lia.
Qed.

Lemma set_nth_length {A : Type} (l : list A) i x : i < length l -> length (set_nth l i x) = length l.
Proof.
  intros H. unfold set_nth. rewrite (firstn_nth_skipn l i x H) at 3.
  rewrite !app_length. reflexivity.
Qed.

Lemma In_set_nth {A : Type} (l : list A) i x y : In y (set_nth l i x) -> In y l \/ y = x.
Proof.
  unfold set_nth. intros H. apply in_app_or in H. destruct H as [H|[H|H]].
  - left. rewrite <- (firstn_skipn i l). apply in_or_app. left. assumption.
  - right. symmetry. assumption.
  - left. rewrite <- (firstn_skipn (S i) l). apply in_or_app. right. assumption.
Qed.

Lemma cnt_concat_set x (l : list Pile) i y :
  i < length l -> cnt x (concat (set_nth l i y)) + cnt x (nth i l []) = cnt x (concat l) + cnt x y.
Proof.
  intros H. unfold set_nth. rewrite (firstn_nth_skipn l i [] H) at 4.
  rewrite !concat_app. cbn [concat]. rewrite !cnt_app. lia.
Qed.

Lemma cnt_concat2_set x (l : list (list Pile)) i y :
  i < length l ->
  cnt x (concat (concat (set_nth l i y))) + cnt x (concat (nth i l [])) =
  cnt x (concat (concat l)) + cnt x (concat y).
Proof.
  intros H. unfold set_nth. rewrite (firstn_nth_skipn l i [] H) at 4.
  rewrite !concat_app. cbn [concat]. rewrite !concat_app, !cnt_app. lia.
Qed.

Lemma nonempty_lt {A : Type} (l : list (list A)) i : nth i l [] <> [] -> i < length l.
Proof.
  intros H. destruct (Nat.lt_ge_cases i (length l)) as [|Hge]; [assumption|].
  exfalso. apply H. apply nth_overflow. exact Hge.
Qed.

Lemma app_last_nonempty {A : Type} (p : list A) c : p ++ [c] <> [].
Proof. destruct p; discriminate. Qed.

Lemma nth_eq_app_lt {A : Type} (l : list (list A)) i p c : nth i l [] = p ++ [c] -> i < length l.
Proof. intros E. apply nonempty_lt. rewrite E. apply app_last_nonempty. Qed.

(** ** Conservation *)

Definition total x s := cnt x (Cards s).

Lemma total_eq x s :
  total x s = cnt x (concat (st_stocks s)) + cnt x (concat (concat (st_discards s)))
              + cnt x (concat (st_hands s)) + cnt x (concat (st_builds s))
              + cnt x (st_draw s) + cnt x (st_aside s).
Proof. unfold total, Cards. rewrite !cnt_app. lia. Qed.

Lemma take_cnt x c h h' : TakeFromHand c h h' -> cnt x h = cnt x h' + cnt x [c].
Proof.
  intros (h1 & h2 & -> & _ & ->). rewrite !cnt_app. simpl.
  unfold cnt. simpl. destruct (Card_eq_dec c x); lia.
Qed.

Lemma take_length c h h' : TakeFromHand c h h' -> length h = S (length h').
Proof. intros (h1 & h2 & -> & _ & ->). rewrite !app_length. simpl. lia. Qed.

Lemma places_cnt x r s b c bs aside :
  Places r s b c bs aside -> b < length (st_builds s) ->
  cnt x (concat bs) + cnt x aside = cnt x (concat (st_builds s)) + cnt x (st_aside s) + cnt x [c].
Proof.
  intros H Hb. destruct H.
  - pose proof (cnt_concat_set x (st_builds s) b [] Hb). rewrite !cnt_app in *. simpl in *. lia.
  - pose proof (cnt_concat_set x (st_builds s) b (nth b (st_builds s) [] ++ [c]) Hb).
    rewrite !cnt_app in *. lia.
Qed.

(** R-DRAW-1/2/3: a draw, reshuffle included, only moves cards. *)
Lemma draws_cnt x n dp aside drawn dp' aside' :
  Draws n dp aside drawn dp' aside' ->
  cnt x drawn + cnt x dp' + cnt x aside' = cnt x dp + cnt x aside.
Proof.
  intros H. destruct H as [drawn dp' _ -> | fresh rest more _ P -> _].
  - rewrite cnt_app. lia.
  - apply (cnt_perm x) in P. rewrite !cnt_app in *. change (cnt x []) with 0. lia.
Qed.

Lemma draws_length n dp aside drawn dp' aside' :
  Draws n dp aside drawn dp' aside' -> length drawn <= n.
Proof.
  intros H. destruct H as [drawn dp' L _ | fresh rest more Hlt _ _ L]; [lia|].
  rewrite app_length. lia.
Qed.

Lemma fills_cnt x r h dp aside h' dp' aside' :
  Fills r h dp aside h' dp' aside' ->
  cnt x h' + cnt x dp' + cnt x aside' = cnt x h + cnt x dp + cnt x aside.
Proof.
  intros (drawn & D & ->). apply (draws_cnt x) in D. rewrite cnt_app. lia.
Qed.

Lemma fills_length r h dp aside h' dp' aside' :
  Fills r h dp aside h' dp' aside' -> length h <= s_hand_size r -> length h' <= s_hand_size r.
Proof.
  intros (drawn & D & ->) Hh. apply draws_length in D. rewrite app_length. lia.
Qed.

Lemma continues_cnt x r s b c st ds hs stall s' :
  Continues r s b c st ds hs stall s' -> b < length (st_builds s) -> st_mover s < length hs ->
  total x s' = cnt x (concat st) + cnt x (concat (concat ds)) + cnt x (concat hs)
               + cnt x (concat (st_builds s)) + cnt x (st_draw s) + cnt x (st_aside s) + cnt x [c].
Proof.
  intros H Hb Hm. destruct H as [bs aside P _ | bs aside h dp' aside' P He F];
    apply (places_cnt x) in P; auto; rewrite total_eq; cbn [st_stocks st_discards st_hands
      st_builds st_draw st_aside].
  - lia.
  - apply (fills_cnt x) in F. pose proof (cnt_concat_set x hs (st_mover s) h Hm) as E.
    rewrite He in E. simpl in F, E. lia.
Qed.

Lemma ends_cnt x r s ds hs e s' :
  EndsTurn r s ds hs e s' -> length hs = s_players r -> st_mover s < s_players r ->
  total x s' = cnt x (concat (st_stocks s)) + cnt x (concat (concat ds)) + cnt x (concat hs)
               + cnt x (concat (st_builds s)) + cnt x (st_draw s) + cnt x (st_aside s).
Proof.
  intros H Hl Hm. destruct H; rewrite total_eq; cbn [st_stocks st_discards st_hands
      st_builds st_draw st_aside]; try lia.
  match goal with F : Fills _ _ _ _ _ _ _ |- _ => apply (fills_cnt x) in F end.
  pose proof (cnt_concat_set x hs (S (st_mover s) mod s_players r) h
    ltac:(rewrite Hl; apply Nat.mod_upper_bound; lia)). lia.
Qed.

(** No move of the rules, nor the refill or reshuffle it sets off, makes or loses a card,
    for every order a reshuffle may give. *)
(* kind: rules *)
Theorem spec_step_conserves r s m s' :
  SWf r s -> Step r s m s' -> Permutation (Cards s') (Cards s).
Proof.
  intros [Hl Hm] H. apply (Permutation_count_occ Card_eq_dec). intros x.
  change (total x s' = total x s). rewrite (total_eq x s).
  assert (st_mover s < length (st_hands s)) as Hmh by lia.
  destruct H as [c b h' s' _ _ T A C | k b p c s' _ _ _ E A _ C
                | k b p c t bs aside _ _ _ E A _ _ P | d i b p c s' _ _ _ E A C
                | c i o h' s' _ T _ Hi C | s' _ _ C].
  - rewrite (continues_cnt x r s b c _ _ _ _ s' C (proj1 A)) by (rewrite set_nth_length; auto).
    pose proof (cnt_concat_set x (st_hands s) (st_mover s) h' Hmh) as E.
    apply (take_cnt x) in T. unfold Hand in T. lia.
  - assert (k < length (st_stocks s)) as Hk
      by exact (nth_eq_app_lt _ _ _ _ E).
    rewrite (continues_cnt x r s b c _ _ _ _ s' C (proj1 A) Hmh).
    pose proof (cnt_concat_set x (st_stocks s) k p Hk) as E'. rewrite E, cnt_app in E'. lia.
  - assert (k < length (st_stocks s)) as Hk
      by exact (nth_eq_app_lt _ _ _ _ E).
    apply (places_cnt x) in P; [|apply A]. rewrite total_eq. cbn [st_stocks st_discards
      st_hands st_builds st_draw st_aside].
    pose proof (cnt_concat_set x (st_stocks s) k p Hk) as E'. rewrite E, cnt_app in E'. lia.
  - assert (nth d (st_discards s) [] <> []) as Hd'.
    { intros E0. rewrite E0 in E. destruct i; simpl in E; apply (app_last_nonempty p c);
      symmetry; assumption. }
    assert (d < length (st_discards s)) as Hd by (apply nonempty_lt; assumption).
    assert (i < length (nth d (st_discards s) [])) as Hi
      by exact (nth_eq_app_lt _ _ _ _ E).
    rewrite (continues_cnt x r s b c _ _ _ _ s' C (proj1 A) Hmh).
    pose proof (cnt_concat2_set x (st_discards s) d
      (set_nth (nth d (st_discards s) []) i p) Hd) as E1.
    pose proof (cnt_concat_set x (nth d (st_discards s) []) i p Hi) as E2.
    rewrite E, cnt_app in E2. lia.
  - assert (o < length (st_discards s)) as Ho.
    { apply nonempty_lt. intros E0. rewrite E0 in Hi. destruct i; simpl in Hi; lia. }
    rewrite (ends_cnt x r s _ _ _ s' C) by (rewrite ?set_nth_length; auto).
    pose proof (cnt_concat_set x (st_hands s) (st_mover s) h' Hmh) as E.
    apply (take_cnt x) in T. unfold Hand in T.
    set (set := nth o (st_discards s) []) in *.
    pose proof (cnt_concat2_set x (st_discards s) o
      (set_nth set i (nth i set [] ++ [c])) Ho) as E1.
    pose proof (cnt_concat_set x set i (nth i set [] ++ [c]) Hi) as E2.
    change (nth o (st_discards s) []) with set in E1. rewrite cnt_app in E2. lia.
  - rewrite (ends_cnt x r s _ _ _ s' C) by auto. lia.
Qed.

(** ** Build piles stay runs; hands stay within the hand size; a hand for every seat *)

Lemma places_runs r s b c bs aside :
  Places r s b c bs aside -> b < length (st_builds s) -> Runs r s -> Accepts s b c ->
  forall p, In p bs -> Run r p.
Proof.
  intros H Hb R A. assert (Run r (nth b (st_builds s) [])) as [Lb Rb]
    by (apply R; apply nth_In; assumption).
  destruct H as [E|E]; intros q Hq; apply In_set_nth in Hq; destruct Hq as [Hq| ->];
    try (apply R; assumption).
  - split; [simpl; lia|]. intros i Hi. simpl in Hi. lia.
  - split; [rewrite app_length; simpl; lia|]. intros i Hi. rewrite app_length in Hi. simpl in Hi.
    destruct (Nat.lt_ge_cases i (length (nth b (st_builds s) []))) as [Hlt|Hge].
    + rewrite app_nth1 by assumption. apply Rb. assumption.
    + assert (i = length (nth b (st_builds s) [])) as -> by lia.
      rewrite nth_middle. destruct A as [_ [->| ->]]; auto.
Qed.

Definition Invariant (r : SRules) (s : SState) : Prop := SWf r s /\ Runs r s /\ HandsBounded r s.

Lemma set_nth_bounded r (hs : list Pile) i h :
  (forall x, In x hs -> length x <= s_hand_size r) -> length h <= s_hand_size r ->
  forall x, In x (set_nth hs i h) -> length x <= s_hand_size r.
Proof. intros H Hh x Hx. apply In_set_nth in Hx. destruct Hx as [Hx| ->]; auto. Qed.

Lemma continues_invariant r s b c st ds hs stall s' :
  Continues r s b c st ds hs stall s' -> Invariant r s -> Accepts s b c ->
  length hs = s_players r -> (forall x, In x hs -> length x <= s_hand_size r) ->
  Invariant r s'.
Proof.
  intros H (W & R & Hb) A Hl Hh. destruct W as [_ Hm].
  destruct H as [bs aside P _ | bs aside h dp' aside' P He F];
    unfold Invariant, SWf, Runs, HandsBounded; cbn [st_hands st_mover st_builds];
    (split; [split|split]); auto.
  - intros q Hq. apply (places_runs r s b c bs aside P); auto. apply A.
  - rewrite set_nth_length; lia.
  - intros q Hq. apply (places_runs r s b c bs aside P); auto. apply A.
  - apply set_nth_bounded; [exact Hh|].
    apply (fills_length r [] _ _ _ _ _ F). simpl. lia.
Qed.

Lemma ends_invariant r s ds hs e s' :
  EndsTurn r s ds hs e s' -> Invariant r s ->
  length hs = s_players r -> (forall x, In x hs -> length x <= s_hand_size r) ->
  Invariant r s'.
Proof.
  intros H (W & R & Hb) Hl Hh. destruct W as [_ Hm].
  assert (S (st_mover s) mod s_players r < length hs) as Hf
    by (rewrite Hl; apply Nat.mod_upper_bound; lia).
  destruct H; unfold Invariant, SWf, Runs, HandsBounded; cbn [st_hands st_mover st_builds];
    (split; [split|split]); auto.
  - rewrite set_nth_length; lia.
  - apply Nat.mod_upper_bound. lia.
  - apply set_nth_bounded; [exact Hh|].
    match goal with F : Fills _ _ _ _ _ _ _ |- _ => apply (fills_length r _ _ _ _ _ _ F) end.
    apply Hh. apply nth_In. assumption.
Qed.

(** Every move keeps a hand for every seat, every build pile a run from 1 below the
    highest value (R-BUILD-2/3/4), and every hand within the hand size (R-TURN-1, R-TURN-4). *)
(* kind: rules *)
Theorem spec_step_invariant r s m s' : Invariant r s -> Step r s m s' -> Invariant r s'.
Proof.
  intros I H. pose proof I as ((Hl & Hm) & R & Hb).
  assert (st_mover s < length (st_hands s)) as Hmh by lia.
  assert (forall c h', TakeFromHand c (Hand s) h' ->
    (forall x, In x (set_nth (st_hands s) (st_mover s) h') -> length x <= s_hand_size r)) as Tk.
  { intros c0 h' T. apply (set_nth_bounded r); [apply Hb|].
    apply take_length in T. assert (length (Hand s) <= s_hand_size r) by
      (apply Hb; apply nth_In; assumption). lia. }
  destruct H as [c b h' s' _ _ T A C | k b p c s' _ _ _ E A _ C
                | k b p c t bs aside _ _ _ E A _ _ P | d i b p c s' _ _ _ E A C
                | c i o h' s' _ T _ Hi C | s' _ _ C].
  - apply (continues_invariant r s b c _ _ _ _ s' C I A); [rewrite set_nth_length; auto|].
    apply Tk with (c := c); assumption.
  - apply (continues_invariant r s b c _ _ _ _ s' C I A); auto.
  - unfold Invariant, SWf, Runs, HandsBounded; cbn [st_hands st_mover st_builds];
      (split; [split|split]); auto.
    intros q Hq. apply (places_runs r s b c bs aside P); auto. apply A.
  - apply (continues_invariant r s b c _ _ _ _ s' C I A); auto.
  - apply (ends_invariant r s _ _ _ s' C I); [rewrite set_nth_length; auto|].
    apply Tk with (c := c); assumption.
  - apply (ends_invariant r s _ _ _ s' C I); auto.
Qed.

(** ** The deal, and every reachable state *)

Lemma deal_conserves_spec r order s : s_first r < s_players r -> Deal r order s -> Permutation (Cards s) order.
Proof.
  intros Hf H. destruct H as [stocks rest h dp aside Ls Fs -> F].
  apply (Permutation_count_occ Card_eq_dec). intros x.
  match goal with |- count_occ _ (Cards ?d) _ = _ => change (total x d = cnt x (concat stocks ++ rest)) end.
  rewrite total_eq. cbn [st_stocks st_discards st_hands st_builds st_draw st_aside].
  apply (fills_cnt x) in F.
  assert (forall n (A : Type), concat (repeat (@nil A) n) = []) as Z
    by (intros n A; induction n; simpl; auto).
  assert (forall n m, concat (concat (repeat (repeat (@nil Card) m) n)) = []) as Z2.
  { induction n as [|n IH]; intros m; simpl; auto. rewrite concat_app, IH, Z. reflexivity. }
  match goal with |- context [concat (set_nth ?L ?i ?hh)] =>
    pose proof (cnt_concat_set x L i hh ltac:(rewrite repeat_length; assumption)) as E end.
  rewrite nth_repeat, Z in E. rewrite Z2, Z, cnt_app. simpl in *. unfold cnt in *. simpl in *. unfold Pile in *. lia.
Qed.

Lemma deal_invariant r order s :
  s_first r < s_players r -> 0 < s_highest r -> Deal r order s -> Invariant r s.
Proof.
  intros Hf Hh H. destruct H as [stocks rest h dp aside Ls Fs Eo F].
  unfold Invariant, SWf, Runs, HandsBounded; cbn [st_hands st_mover st_builds];
    (split; [split|split]).
  - rewrite set_nth_length; rewrite repeat_length; [reflexivity|assumption].
  - assumption.
  - intros p Hp. apply repeat_spec in Hp. subst p. split; [simpl; lia|]. intros i Hi. simpl in Hi. lia.
  - apply set_nth_bounded.
    + intros x Hx. apply repeat_spec in Hx. subst x. simpl. lia.
    + apply (fills_length r [] _ _ _ _ _ F). simpl. lia.
Qed.

(** In every state a game of the rules can reach: a hand for every seat, every build pile
    a run, no hand above the hand size, and exactly the cards of the dealt deck. *)
(* kind: rules *)
Theorem spec_reachable_invariants r order s :
  s_first r < s_players r -> 0 < s_highest r -> SReachable r order s ->
  Invariant r s /\ Permutation (Cards s) order.
Proof.
  intros Hf Hh H. induction H as [s D | s m s' Hr IH Hs].
  - split; [apply (deal_invariant r order); assumption|apply (deal_conserves_spec r); assumption].
  - destruct IH as [I P]. split; [apply (spec_step_invariant r s m s'); assumption|].
    apply Permutation_trans with (Cards s); [|assumption].
    apply (spec_step_conserves r s m s'); [apply I|assumption].
Qed.
