(** * Every game ends (R-WIN-4): with a turn move limit and a stall limit, every
      sequence of legal moves is finite, and its length is bounded by a formula of the
      rules.

    Without the bounds a game need not end ([Turns.endless_turn]).  With them:

    - a turn makes at most [T] plays onto build piles (R-WIN-4 (a), [T] the turn move
      limit), then it must end (a discard or a pass): at most [T + 1] moves a turn;
    - at most [L] turn ends follow one another without a stock play (R-WIN-4 (b), [L]
      the stall limit): the [L]-th stalls the game;
    - every stock play takes a card out of the stock piles, and none ever comes back.

    The measure [moves_left] counts what is left of these; every legal move that does
    not end the game makes it smaller, and it is at least 1 where a move is legal.  It
    needs no invariant: it holds from any state whatever, for every shuffle (the
    shuffle need not even be a permutation).

    The bound, from the deal (plain, to copy into the rules document):

      moves in a game <= ((S + 1) * L + 1) * (T + 1)

      S = stock_pile_count * stock_size (the cards dealt to the stock piles),
      L = stall_limit, T = turn_move_limit.

    Referee penalties (R-TEAM-4) are not moves of the model and lie outside it. *)

From Coq Require Import List Arith Bool Lia Wf_nat.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal Conservation GameOver Turns Reachable.

(** The cards in the stock piles. *)
Definition stock_cards (s : state) : nat := length (concat (stocks s)).

(** What is left, at most, of a game in state [s]:
    [(stock_cards * L + L + 1 - min stall_turns L) * (T + 1) - min turn_moves T]. *)
Definition moves_left (T L : nat) (s : state) : nat :=
  (stock_cards s * L + L + 1 - Nat.min (stall_turns s) L) * (T + 1)
  - Nat.min (turn_moves s) T.

(** The sequences of legal moves: [moves r s n s'] when [n] legal moves, each with any
    order for its reshuffle, lead from [s] to [s']. *)
Inductive moves (r : rules) : state -> nat -> state -> Prop :=
  | moves_none s : moves r s 0 s
  | moves_step s m s1 shuf n s2 :
      step r shuf s m = Some s1 -> moves r s1 n s2 -> moves r s (S n) s2.

Lemma moves_app r s k s1 n s2 : moves r s k s1 -> moves r s1 n s2 -> moves r s (k + n) s2.
Proof.
  intros H1 H2. induction H1 as [s|s m s0 shuf k s3 Hs H IH]; [exact H2|].
  simpl. apply (moves_step r s m s0 shuf); auto.
Qed.

(** A finished game has no move (R-WIN-3). *)
Lemma moves_from_over r s n s' : outcome s <> None -> moves r s n s' -> n = 0.
Proof.
  intros Ho H. destruct H as [|s m s1 shuf n s2 Hs _]; [reflexivity|].
  apply step_some in Hs. destruct Hs as [[E _] _]. contradiction.
Qed.

(** ** Arithmetic *)

Lemma mul_succ_ge A T : 1 <= A -> T + 1 <= A * (T + 1).
Proof. intros H. nia. Qed.

Lemma play_decreases A A' T j :
  1 <= A' -> A' <= A -> j < T -> A' * (T + 1) - S j < A * (T + 1) - j.
Proof.
  intros H1 H2 Hj. pose proof (mul_succ_ge A' T H1).
  assert (A' * (T + 1) <= A * (T + 1)) by (apply Nat.mul_le_mono_r; assumption). lia.
Qed.

Lemma end_decreases A T j : 2 <= A -> j <= T -> (A - 1) * (T + 1) < A * (T + 1) - j.
Proof.
  intros H Hj. replace A with (S (A - 1)) at 2 by lia. rewrite Nat.mul_succ_l. lia.
Qed.

Lemma moves_left_pos T L s : 1 <= moves_left T L s.
Proof.
  unfold moves_left.
  assert (1 <= stock_cards s * L + L + 1 - Nat.min (stall_turns s) L) by lia.
  pose proof (mul_succ_ge _ T H). lia.
Qed.

(** ** What a move changes *)

Lemma stock_play_cards r shuf s k b s' :
  step r shuf s (PlayFromStock k b) = Some s' -> S (stock_cards s') = stock_cards s.
Proof.
  intros H. apply step_some in H. destruct H as [[_ Hleg] ->]. simpl in Hleg.
  destruct Hleg as (_ & _ & Hne & _). simpl.
  match goal with |- context [after_play r shuf s ?b ?c ?st ?ds ?hs ?w ?z] =>
    destruct (after_play_facts r shuf s b c st ds hs w z) as (_ & Hs & _) end.
  unfold stock_cards. rewrite Hs.
  pose proof (len_concat_upd (stocks s) k (removelast (nth k (stocks s) []))
                (nth_nonempty_lt _ _ Hne)).
  pose proof (removelast_len _ Hne). lia.
Qed.

(** Every legal move that does not end the game makes [moves_left] smaller. *)
(* kind: rules *)
Theorem step_decreases r shuf s m s' T L :
  turn_move_limit r = Some T -> stall_limit r = Some L ->
  step r shuf s m = Some s' -> outcome s' = None ->
  moves_left T L s' < moves_left T L s.
Proof.
  intros HT HL Hstep Hout.
  pose proof (step_stall_turns r shuf s m s' Hstep) as Hst.
  pose proof (step_outcome r shuf s m s' Hstep) as Ho.
  pose proof Hstep as Hstep'.
  apply step_some in Hstep'. destruct Hstep' as [[_ Hleg] Hs'].
  unfold moves_left.
  set (c := stock_cards s). set (k := stall_turns s). set (j := turn_moves s).
  assert (Hallowed : plays_allowed r s = true -> j < T).
  { unfold plays_allowed. rewrite HT. intros E. apply Nat.ltb_lt in E. exact E. }
  destruct m as [cd b|kk b|d i b|cd i|]; simpl in Hleg, Hs'.
  - (* a play from the hand *)
    destruct Hleg as (Pa & _). specialize (Hallowed Pa).
    match type of Hs' with s' = after_play ?r ?shuf ?s ?b ?c ?st ?ds ?hs ?w ?z =>
      destruct (after_play_facts r shuf s b c st ds hs w z) as (_ & Hstk & _ & _ & _ & Hj) end.
    rewrite <- Hs' in Hstk, Hj.
    assert (Hc : stock_cards s' = c) by (unfold stock_cards, c; rewrite Hstk; reflexivity).
    fold j in Hj. rewrite Hst, Hj, Hc. fold k.
    replace (Nat.min (S j) T) with (S j) by lia. replace (Nat.min j T) with j by lia.
    apply play_decreases; lia.
  - (* a play from a stock pile *)
    destruct Hleg as (Pa & _). specialize (Hallowed Pa).
    match type of Hs' with s' = after_play ?r ?shuf ?s ?b ?c ?st ?ds ?hs ?w ?z =>
      destruct (after_play_facts r shuf s b c st ds hs w z) as (_ & _ & _ & _ & _ & Hj) end.
    rewrite <- Hs' in Hj. fold j in Hj.
    pose proof (stock_play_cards r shuf s kk b s' Hstep) as Hc. fold c in Hc.
    rewrite Hst, Hj.
    replace (Nat.min 0 L) with 0 by lia. replace (Nat.min (S j) T) with (S j) by lia.
    replace (Nat.min j T) with j by lia.
    apply play_decreases; [lia| |lia].
    assert (c * L = stock_cards s' * L + L) by (rewrite <- Hc; lia). lia.
  - (* a play from a discard pile *)
    destruct Hleg as (Pa & _). specialize (Hallowed Pa).
    match type of Hs' with s' = after_play ?r ?shuf ?s ?b ?c ?st ?ds ?hs ?w ?z =>
      destruct (after_play_facts r shuf s b c st ds hs w z) as (_ & Hstk & _ & _ & _ & Hj) end.
    rewrite <- Hs' in Hstk, Hj.
    assert (Hc : stock_cards s' = c) by (unfold stock_cards, c; rewrite Hstk; reflexivity).
    fold j in Hj. rewrite Hst, Hj, Hc. fold k.
    replace (Nat.min (S j) T) with (S j) by lia. replace (Nat.min j T) with j by lia.
    apply play_decreases; lia.
  - (* a discard: the turn ends *)
    match type of Hs' with s' = end_turn r shuf s ?ds ?hs ?e =>
      destruct (end_turn_facts r shuf s ds hs e) as (Hs & _ & _ & _ & Hj) end.
    rewrite <- Hs' in Hs, Hj. specialize (Hj Hout).
    assert (Hc : stock_cards s' = c) by (unfold stock_cards, c; rewrite Hs; reflexivity).
    assert (Hk : S k < L).
    { rewrite Hout in Ho. unfold end_outcome, stalled in Ho. rewrite HL, Hst in Ho.
      fold k in Ho.
      destruct (players r <=? _); [discriminate|].
      destruct (turn_limit r) as [l|]; [destruct (l <=? turn s); [discriminate|]|];
        destruct (Nat.leb_spec L (S k)); try discriminate; assumption. }
    rewrite Hst, Hj, Hc. fold k. replace (Nat.min 0 T) with 0 by lia.
    replace (Nat.min (S k) L) with (S k) by lia. replace (Nat.min k L) with k by lia.
    replace (c * L + L + 1 - S k) with ((c * L + L + 1 - k) - 1) by lia.
    rewrite Nat.sub_0_r. apply end_decreases; lia.
  - (* a pass: the turn ends *)
    match type of Hs' with s' = end_turn r shuf s ?ds ?hs ?e =>
      destruct (end_turn_facts r shuf s ds hs e) as (Hs & _ & _ & _ & Hj) end.
    rewrite <- Hs' in Hs, Hj. specialize (Hj Hout).
    assert (Hc : stock_cards s' = c) by (unfold stock_cards, c; rewrite Hs; reflexivity).
    assert (Hk : S k < L).
    { rewrite Hout in Ho. unfold end_outcome, stalled in Ho. rewrite HL, Hst in Ho.
      fold k in Ho.
      destruct (players r <=? _); [discriminate|].
      destruct (turn_limit r) as [l|]; [destruct (l <=? turn s); [discriminate|]|];
        destruct (Nat.leb_spec L (S k)); try discriminate; assumption. }
    rewrite Hst, Hj, Hc. fold k. replace (Nat.min 0 T) with 0 by lia.
    replace (Nat.min (S k) L) with (S k) by lia. replace (Nat.min k L) with k by lia.
    replace (c * L + L + 1 - S k) with ((c * L + L + 1 - k) - 1) by lia.
    rewrite Nat.sub_0_r. apply end_decreases; lia.
Qed.

(** ** The bounds *)

(** From any state whatever, every sequence of legal moves has at most
    [moves_left T L s] moves. *)
(* kind: rules *)
Theorem moves_bound r T L s n s' :
  turn_move_limit r = Some T -> stall_limit r = Some L ->
  moves r s n s' -> n <= moves_left T L s.
Proof.
  intros HT HL H. induction H as [s|s m s1 shuf n s2 Hs H IH]; [lia|].
  destruct (outcome s1) as [t|] eqn:Ho.
  - rewrite (moves_from_over r s1 n s2 ltac:(congruence) H).
    pose proof (moves_left_pos T L s). lia.
  - pose proof (step_decreases r shuf s m s1 T L HT HL Hs Ho). lia.
Qed.

(** The step relation of a game with both bounds is well founded: there is no endless
    sequence of legal moves, whatever the shuffles. *)
(* kind: rules *)
Theorem step_well_founded r T L :
  turn_move_limit r = Some T -> stall_limit r = Some L ->
  well_founded (fun s' s => exists shuf m, step r shuf s m = Some s').
Proof.
  intros HT HL.
  apply (well_founded_lt_compat _
           (fun s => match outcome s with Some _ => 0 | None => moves_left T L s end)).
  intros s' s (shuf & m & Hs).
  pose proof Hs as Hs'. apply step_some in Hs'. destruct Hs' as [[Hn _] _].
  rewrite Hn. destruct (outcome s') eqn:Ho.
  - apply moves_left_pos.
  - apply (step_decreases r shuf s m s' T L HT HL Hs Ho).
Qed.

Lemma deal_stocks_length n size order :
  length (concat (fst (deal_stocks n size order))) <= n * size.
Proof.
  revert order; induction n as [|n IH]; intros order; simpl; [lia|].
  specialize (IH (skipn size order)). destruct (deal_stocks n size (skipn size order)).
  simpl in *. rewrite app_length, firstn_length. lia.
Qed.

Lemma deal_moves_left r order T L :
  moves_left T L (deal r order)
  <= ((stock_pile_count r * stock_size r + 1) * L + 1) * (T + 1).
Proof.
  unfold deal. pose proof (deal_stocks_length (stock_pile_count r) (stock_size r) order).
  destruct (deal_stocks _ _ _) as [stk rest].
  destruct (fill r _ [] rest []) as [[h dp] comp].
  unfold moves_left, stock_cards. cbn [stocks stall_turns turn_moves fst] in *.
  set (S0 := stock_pile_count r * stock_size r) in *.
  replace (Nat.min 0 L) with 0 by lia. replace (Nat.min 0 T) with 0 by lia.
  rewrite Nat.sub_0_r, Nat.sub_0_r. apply Nat.mul_le_mono_r.
  assert (length (concat stk) * L <= S0 * L) by (apply Nat.mul_le_mono_r; assumption).
  lia.
Qed.

(** R-WIN-4: every game ends.  With a turn move limit [T] and a stall limit [L], every
    sequence of legal moves from the deal, whatever the shuffles, has at most
    ((S + 1) * L + 1) * (T + 1) moves, S = stock_pile_count * stock_size (the cards
    dealt to the stock piles). *)
(* kind: rules *)
Theorem game_ends r order T L n s :
  turn_move_limit r = Some T -> stall_limit r = Some L ->
  moves r (deal r order) n s ->
  n <= ((stock_pile_count r * stock_size r + 1) * L + 1) * (T + 1).
Proof.
  intros HT HL H. pose proof (moves_bound r T L _ n s HT HL H).
  pose proof (deal_moves_left r order T L). lia.
Qed.

Lemma reachable_moves r order s :
  reachable r order s -> exists k, moves r (deal r order) k s.
Proof.
  intros H. induction H as [|s m s' shuf _ IH _ Hs].
  - exists 0. apply moves_none.
  - destruct IH as [k Hk]. exists (k + 1). apply (moves_app r _ k s 1 s' Hk).
    apply (moves_step r s m s' shuf 0 s' Hs). apply moves_none.
Qed.

(** From every reachable state, the moves already made and every sequence of legal
    moves that can follow stay within the same bound. *)
(* kind: rules *)
Corollary reachable_ends r order T L s n s' :
  turn_move_limit r = Some T -> stall_limit r = Some L ->
  reachable r order s -> moves r s n s' ->
  exists k, moves r (deal r order) k s
            /\ k + n <= ((stock_pile_count r * stock_size r + 1) * L + 1) * (T + 1).
Proof.
  intros HT HL Hr H. destruct (reachable_moves r order s Hr) as [k Hk].
  exists k. split; [exact Hk|]. apply (game_ends r order T L _ s' HT HL).
  apply (moves_app r _ k s n s' Hk H).
Qed.
