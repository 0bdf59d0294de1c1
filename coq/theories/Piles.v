(** * (c) Build piles are runs from 1, wilds standing in, never past the highest
      value; a completed pile leaves the table whole (R-BUILD-1..4).
      (d) Hands never exceed the hand size; an emptied hand is refilled as R-DRAW
      says (R-TURN-1, R-TURN-4, R-DRAW-3). *)

From Coq Require Import List Arith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal Conservation.

(** A build pile (bottom first) is a run: its [i]-th card (from 0) is a wild or the
    number [i + 1], and it holds fewer cards than the highest value. *)
Definition run (h : nat) (p : pile) : Prop :=
  length p < h /\ forall i, i < length p -> nth i p 0 = wild \/ nth i p 0 = S i.

Definition builds_ok (r : rules) (s : state) : Prop :=
  forall p, In p (builds s) -> run (highest (rdeck r)) p.

(** A complete pile: [highest] cards, the run 1 .. highest, wilds standing in. *)
Definition complete_run (h : nat) (p : pile) : Prop :=
  length p = h /\ forall i, i < length p -> nth i p 0 = wild \/ nth i p 0 = S i.

Lemma run_extend (p : pile) (c : card) :
  (forall i, i < length p -> nth i p 0 = wild \/ nth i p 0 = S i) ->
  (c = wild \/ c = S (length p)) ->
  forall i, i < length (p ++ [c]) -> nth i (p ++ [c]) 0 = wild \/ nth i (p ++ [c]) 0 = S i.
Proof.
  intros Hp Hc i Hi. rewrite app_length in Hi. simpl in Hi.
  destruct (Nat.lt_ge_cases i (length p)).
  - rewrite app_nth1 by assumption. auto.
  - assert (i = length p) as -> by lia. rewrite app_nth2, Nat.sub_diag by lia. simpl. exact Hc.
Qed.

(** R-BUILD-4: what [place] does, exactly. *)
(* kind: restates *)
Theorem place_spec r s b c :
  b < length (builds s) ->
  let p := nth b (builds s) [] ++ [c] in
  (length p = highest (rdeck r) /\ place r s b c = (upd (builds s) b [], completed s ++ p))
  \/ (length p <> highest (rdeck r) /\ place r s b c = (upd (builds s) b p, completed s)).
Proof.
  intros Hb p. unfold place. fold p. destruct (Nat.eqb_spec (length p) (highest (rdeck r))); auto.
Qed.

(** A play on a valid pile either keeps a valid run there, or completes it: the
    pile of [highest] cards is a complete run and leaves the centre whole. *)
(* kind: rules *)
Theorem place_keeps_runs r s b c :
  builds_ok r s -> can_build s b c ->
  let '(builds', comp') := place r s b c in
  (forall p, In p builds' -> run (highest (rdeck r)) p)
  /\ (comp' = completed s
      \/ (comp' = completed s ++ (nth b (builds s) [] ++ [c])
          /\ complete_run (highest (rdeck r)) (nth b (builds s) [] ++ [c])
          /\ nth b builds' [] = [])).
Proof.
  intros Hok [Hb Hc]. pose proof (Hok _ (nth_In _ [] Hb)) as [Hlen Hrun].
  pose proof (run_extend _ _ Hrun Hc) as Hrun'.
  destruct (place_spec r s b c Hb) as [[Hl ->]|[Hl ->]].
  - split.
    + intros p Hp. apply In_upd in Hp. destruct Hp as [Hp| ->]; [now apply Hok|].
      split; simpl; [|lia]. rewrite app_length in Hl. simpl in Hl. lia.
    + right. split; [reflexivity|]. split; [split; assumption|].
      apply nth_upd_same. assumption.
  - split; [|left; reflexivity].
    intros p Hp. apply In_upd in Hp. destruct Hp as [Hp| ->]; [now apply Hok|].
    split; [|assumption]. rewrite app_length in *. simpl in *. lia.
Qed.

(* kind: rules *)
Theorem step_builds_ok r shuf s m s' :
  builds_ok r s -> step r shuf s m = Some s' -> builds_ok r s'.
Proof.
  intros Hok Hstep. apply step_some in Hstep. destruct Hstep as [[_ Hleg] ->].
  assert (Hplay : forall b c st ds hs won stall, can_build s b c ->
             builds_ok r (after_play r shuf s b c st ds hs won stall)).
  { intros b c st ds hs won stall Hcb. unfold after_play.
    pose proof (place_keeps_runs r s b c Hok Hcb) as Hk.
    destruct (place r s b c) as [builds' comp1]. destruct Hk as [Hk _].
    destruct won; [exact Hk|].
    destruct (nth (current s) hs []); [destruct (fill r shuf _ _ _) as [[? ?] ?]|];
      exact Hk. }
  assert (Hend : forall ds hs e, builds_ok r (end_turn r shuf s ds hs e)).
  { intros ds hs e. unfold end_turn.
    destruct (if players r <=? _ then _ else _); [exact Hok|].
    destruct (fill r shuf _ _ _) as [[? ?] ?]. exact Hok. }
  destruct m; simpl in Hleg |- *; try apply Hend; apply Hplay; apply Hleg.
Qed.

(** The piles stay at the number the rules give: as many build piles as before. *)
(* kind: rules *)
Theorem step_build_count r shuf s m s' :
  step r shuf s m = Some s' -> length (builds s') = length (builds s).
Proof.
  intros Hstep. apply step_some in Hstep. destruct Hstep as [_ ->].
  destruct m; simpl;
  repeat match goal with
  | |- context [after_play] => unfold after_play
  | |- context [end_turn] => unfold end_turn
  end;
  repeat match goal with
  | |- context [place ?r ?s ?b ?c] => unfold place; destruct (_ =? _)
  end;
  repeat match goal with
  | |- context [match ?x with _ => _ end] => destruct x
  end; simpl; try rewrite upd_length; reflexivity.
Qed.

(** ** Hands *)

Definition hands_ok (r : rules) (s : state) : Prop :=
  forall h, In h (hands s) -> length h <= hand_size r.

Lemma draw_length shuf n dp comp :
  is_shuffle shuf ->
  let '(drawn, _, _) := draw shuf n dp comp in
  length drawn = min n (length dp + length comp).
Proof.
  intros Hs. unfold draw. destruct (Nat.leb_spec n (length dp)).
  - rewrite skipn_length. lia.
  - rewrite app_length, skipn_length, (Permutation_length (Hs comp)). lia.
Qed.

(** R-TURN-1 / R-TURN-4 / R-DRAW-3: a fill brings a hand to the hand size, or takes
    every card there is to draw (the draw pile, then the completed cards). *)
(* kind: restates *)
Theorem fill_length r shuf h dp comp :
  is_shuffle shuf ->
  let '(h', _, _) := fill r shuf h dp comp in
  length h' = length h + min (hand_size r - length h) (length dp + length comp).
Proof.
  intros Hs. unfold fill. pose proof (draw_length shuf (hand_size r - length h) dp comp Hs).
  destruct (draw _ _ _ _) as [[drawn ?] ?]. rewrite app_length. lia.
Qed.

Lemma fill_le r shuf h dp comp :
  is_shuffle shuf -> length h <= hand_size r ->
  let '(h', _, _) := fill r shuf h dp comp in length h' <= hand_size r.
Proof.
  intros Hs Hh. pose proof (fill_length r shuf h dp comp Hs).
  destruct (fill _ _ _ _ _) as [[h' ?] ?]. lia.
Qed.

Lemma remove_one_length c h : In c h -> length (remove_one c h) = pred (length h).
Proof.
  induction h as [|a h IH]; simpl; [tauto|]. intros Hin.
  destruct (Nat.eqb_spec a c); [reflexivity|]. destruct Hin as [->|Hin]; [contradiction|].
  simpl. rewrite IH by assumption. destruct h; simpl in *; [contradiction|lia].
Qed.

Lemma remove_one_le c h : length (remove_one c h) <= length h.
Proof.
  induction h as [|a h IH]; simpl; [lia|]. destruct (a =? c); simpl; lia.
Qed.

Lemma upd_ok (l : list pile) i x k :
  (forall h, In h l -> length h <= k) -> length x <= k -> forall h, In h (upd l i x) -> length h <= k.
Proof. intros Hl Hx h Hin. apply In_upd in Hin. destruct Hin as [| ->]; auto. Qed.

(* kind: rules *)
Theorem step_hands_ok r shuf s m s' :
  is_shuffle shuf -> hands_ok r s -> step r shuf s m = Some s' -> hands_ok r s'.
Proof.
  intros Hs Hok Hstep. apply step_some in Hstep. destruct Hstep as [[_ Hleg] ->].
  assert (Hhand : length (hand s) <= hand_size r).
  { unfold hand. destruct (Nat.lt_ge_cases (current s) (length (hands s))).
    - apply Hok, nth_In. assumption.
    - rewrite nth_overflow by assumption. simpl. lia. }
  assert (Hremove : forall c, hands_ok r (mkState [] [] (upd (hands s) (current s)
                      (remove_one c (hand s))) [] [] [] 0 0 0 0 0 None)).
  { intros c. unfold hands_ok. simpl. apply upd_ok; [exact Hok|].
    pose proof (remove_one_le c (hand s)). lia. }
  assert (Hplay : forall b c st ds hs won stall, (forall h, In h hs -> length h <= hand_size r) ->
             hands_ok r (after_play r shuf s b c st ds hs won stall)).
  { intros b c st ds hs won stall Hhs. unfold after_play, hands_ok.
    destruct (place r s b c) as [builds' comp1]. destruct won; [exact Hhs|].
    destruct (nth (current s) hs []); [|exact Hhs].
    pose proof (fill_le r shuf [] (draw_pile s) comp1 Hs ltac:(simpl; lia)).
    destruct (fill r shuf _ _ _) as [[h ?] ?]. simpl. apply upd_ok; assumption. }
  assert (Hend : forall ds hs e, (forall h, In h hs -> length h <= hand_size r) ->
             hands_ok r (end_turn r shuf s ds hs e)).
  { intros ds hs e Hhs. unfold end_turn, hands_ok.
    destruct (if players r <=? _ then _ else _); [exact Hhs|].
    set (f := S (current s) mod players r).
    assert (length (nth f hs []) <= hand_size r).
    { destruct (Nat.lt_ge_cases f (length hs)).
      - apply Hhs, nth_In. assumption.
      - rewrite nth_overflow by assumption. simpl. lia. }
    pose proof (fill_le r shuf (nth f hs []) (draw_pile s) (completed s) Hs H).
    destruct (fill r shuf _ _ _) as [[h ?] ?]. simpl. apply upd_ok; assumption. }
  destruct m; simpl; first [apply Hplay | apply Hend]; first [exact Hok | apply (Hremove c)].
Qed.

(** R-TURN-1 / R-TURN-4 / R-DRAW-3: a fill brings a hand to the hand size, unless
    there is nothing left to draw (neither a draw pile nor completed cards). *)
(* kind: rules *)
Theorem fill_full r shuf h dp comp :
  is_shuffle shuf -> length h <= hand_size r ->
  let '(h', dp', comp') := fill r shuf h dp comp in
  length h' = hand_size r \/ (length h' < hand_size r /\ dp' = [] /\ comp' = []).
Proof.
  intros Hs Hh. pose proof (fill_length r shuf h dp comp Hs) as Hl.
  unfold fill in *. unfold draw in *. destruct (Nat.leb_spec (hand_size r - length h) (length dp)).
  - left. rewrite Hl. lia.
  - set (fresh := shuf comp) in *. set (k := hand_size r - length h - length dp) in *.
    pose proof (Permutation_length (Hs comp)) as Hf. fold fresh in Hf.
    destruct (Nat.leb_spec k (length fresh)).
    + left. rewrite Hl. lia.
    + right. split; [lia|]. split; [|reflexivity].
      replace (length fresh - k) with 0 by lia. reflexivity.
Qed.

(** R-TURN-4 with R-DRAW-3: a play from the hand that empties it, and does not win,
    refills it at once: to the hand size, or with every card left to draw. *)
(* kind: rules *)
Theorem emptied_hand_refilled r shuf s c b s' :
  is_shuffle shuf -> wf r s -> step r shuf s (PlayFromHand c b) = Some s' ->
  remove_one c (hand s) = [] ->
  length (hand s') = hand_size r
  \/ (length (hand s') < hand_size r /\ draw_pile s' = [] /\ completed s' = []).
Proof.
  intros Hs [Hl Hc] Hstep Hempty. apply step_some in Hstep.
  destruct Hstep as [[_ Hleg] ->]. simpl in *. unfold after_play in *.
  destruct (place r s b c) as [builds' comp1].
  rewrite nth_upd_same, Hempty by lia.
  pose proof (fill_full r shuf [] (draw_pile s) comp1 Hs ltac:(simpl; lia)).
  destruct (fill r shuf _ _ _) as [[h ?] ?]. unfold hand. simpl.
  rewrite nth_upd_same by (rewrite upd_length; lia). assumption.
Qed.

(** R-TURN-1: when a turn passes to the next player, that player's hand is filled to
    the hand size, or takes every card left to draw. *)
(* kind: rules *)
Theorem next_hand_filled r shuf s m s' :
  is_shuffle shuf -> wf r s -> hands_ok r s -> step r shuf s m = Some s' ->
  outcome s' = None -> turn s' <> turn s ->
  length (hand s') = hand_size r
  \/ (length (hand s') < hand_size r /\ draw_pile s' = [] /\ completed s' = []).
Proof.
  intros Hs [Hl Hc] Hok Hstep Hout Hnew. apply step_some in Hstep.
  destruct Hstep as [[_ Hleg] ->].
  assert (Hend : forall ds hs e, length hs = players r ->
            (forall h, In h hs -> length h <= hand_size r) ->
            outcome (end_turn r shuf s ds hs e) = None ->
            let s2 := end_turn r shuf s ds hs e in
            length (hand s2) = hand_size r
            \/ (length (hand s2) < hand_size r /\ draw_pile s2 = [] /\ completed s2 = [])).
  { intros ds hs e Hhs Hhok Ho. unfold end_turn in *.
    destruct (if players r <=? _ then _ else _); [discriminate|].
    set (f := S (current s) mod players r) in *.
    assert (f < length hs) by (rewrite Hhs; apply Nat.mod_upper_bound; lia).
    pose proof (fill_full r shuf (nth f hs []) (draw_pile s) (completed s) Hs
                  (Hhok _ (nth_In _ _ H))).
    destruct (fill r shuf _ _ _) as [[h ?] ?]. unfold hand. simpl.
    rewrite nth_upd_same; assumption. }
  assert (Hplay : forall b c st ds hs won stall,
             turn (after_play r shuf s b c st ds hs won stall) = turn s).
  { intros. unfold after_play. destruct (place r s b c). destruct won; [reflexivity|].
    destruct (nth (current s) hs []); [destruct (fill r shuf _ _ _) as [[? ?] ?]|];
      reflexivity. }
  destruct m; simpl in *; try (exfalso; apply Hnew; apply Hplay);
    apply Hend; try rewrite upd_length; auto.
  apply upd_ok; [exact Hok|]. pose proof (remove_one_le c (hand s)).
  assert (length (hand s) <= hand_size r).
  { unfold hand. apply Hok, nth_In. lia. }
  lia.
Qed.
