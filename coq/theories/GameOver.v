(** * (e) The game is over exactly when the rules say (R-WIN-1, R-WIN-2, R-WIN-4, R-TEAM-3),
      in both team forms, and then no move is legal (R-WIN-3, see [Legal.over_no_moves]). *)

From Coq Require Import List Arith Bool Lia.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal.

Definition ends_turn (m : move) : Prop := m = Pass \/ exists c i, m = Discard c i.

Lemma after_play_facts r shuf s b c st ds hs won stall :
  let s2 := after_play r shuf s b c st ds hs won stall in
  outcome s2 = won /\ stocks s2 = st /\ empty_passes s2 = empty_passes s /\ turn s2 = turn s
  /\ stall_turns s2 = stall /\ turn_moves s2 = S (turn_moves s).
Proof.
  unfold after_play. destruct (place r s b c). destruct won; [simpl; tauto|].
  destruct (nth (current s) hs []); [destruct (fill r shuf _ _ _) as [[? ?] ?]|]; simpl; tauto.
Qed.

Lemma end_turn_facts r shuf s ds hs e :
  let s2 := end_turn r shuf s ds hs e in
  let passes := if e then S (empty_passes s) else 0 in
  stocks s2 = stocks s /\ empty_passes s2 = passes /\ stall_turns s2 = S (stall_turns s) /\
  outcome s2 = (if players r <=? passes then Some Blocked
                else match turn_limit r with
                     | Some l => if l <=? turn s then Some TurnLimit
                                 else stalled r (S (stall_turns s))
                     | None => stalled r (S (stall_turns s))
                     end)
  /\ (outcome s2 = None -> turn_moves s2 = 0).
Proof.
  unfold end_turn. destruct (if players r <=? _ then _ else _) eqn:E.
  - simpl. repeat split; auto. discriminate.
  - destruct (fill r shuf _ _ _) as [[? ?] ?]. simpl. tauto.
Qed.

(** [team_out] says what R-WIN-1 / R-TEAM-3 say: every stock pile the seat's team
    owns is empty. *)
Lemma team_out_spec r st p :
  team_out r st p = true <-> forall k, In k (sources r p) -> nth k st [] = [].
Proof.
  unfold team_out. rewrite forallb_forall. split; intros H k Hk; specialize (H k Hk).
  - destruct (nth k st []); [reflexivity|discriminate].
  - rewrite H. reflexivity.
Qed.

(** The team's stock piles in each form: the seat's own pile in individual play, the
    partners' piles (R-TEAM-1), the team's two piles (R-TEAM-2). *)
Lemma sources_individual r p : teams r = None -> sources r p = [p].
Proof. intros H. unfold sources, team_stocks, team_of. rewrite H. reflexivity. Qed.

Lemma sources_partners r ts p :
  teams r = Some ts -> shared_piles r = false -> sources r p = nth (team_index p ts) ts [].
Proof. intros H F. unfold sources, team_stocks, team_of. rewrite H, F. reflexivity. Qed.

Lemma sources_shared r ts p :
  teams r = Some ts -> shared_piles r = true ->
  sources r p = [2 * team_index p ts; 2 * team_index p ts + 1].
Proof. intros H F. unfold sources, team_stocks, team_of. rewrite H, F. reflexivity. Qed.

(** How a move changes the count of empty passes (R-WIN-2): a pass that is the first
    move of its turn adds one, any other end of turn resets it, plays keep it. *)
(* kind: restates *)
Theorem step_empty_passes r shuf s m s' :
  step r shuf s m = Some s' ->
  empty_passes s' =
    match m with
    | Pass => if turn_moves s =? 0 then S (empty_passes s) else 0
    | Discard _ _ => 0
    | _ => empty_passes s
    end.
Proof.
  intros H. apply step_some in H. destruct H as [_ ->].
  destruct m; simpl;
    first [ apply after_play_facts
          | pose proof (end_turn_facts r shuf s (discards s) (hands s) (turn_moves s =? 0));
            simpl in H; destruct (turn_moves s =? 0); apply H
          | match goal with |- context [end_turn r shuf s ?d ?h false] =>
              apply (end_turn_facts r shuf s d h false) end ].
Qed.

(** When an end of turn ends the game (R-WIN-2, R-WIN-4): blocked after as many empty
    passes in a row as there are players, else at the turn limit, else stalled when the
    turns without a stock play reach the stall limit. *)
Definition end_outcome (r : rules) (t passes stall : nat) : option termination :=
  if players r <=? passes then Some Blocked
  else match turn_limit r with
       | Some l => if l <=? t then Some TurnLimit else stalled r stall
       | None => stalled r stall
       end.

(** The outcome after a move, exactly: only a stock play that leaves every stock pile
    of the player's team empty wins (R-WIN-1, R-TEAM-3, both team forms: see
    [sources_partners], [sources_shared], [team_out_spec]); only an end of turn can
    block the game or reach the turn limit (R-WIN-2); other moves leave it going. *)
(* kind: restates *)
Theorem step_outcome r shuf s m s' :
  step r shuf s m = Some s' ->
  outcome s' =
    match m with
    | PlayFromStock k b =>
        if team_out r (stocks s') (current s)
        then Some (StockEmptied (team_of r (current s))) else None
    | Discard _ _ | Pass => end_outcome r (turn s) (empty_passes s') (stall_turns s')
    | _ => None
    end.
Proof.
  intros H. apply step_some in H. destruct H as [_ ->].
  destruct m as [c b|k b|d i b|c i|]; simpl in *.
  - apply after_play_facts.
  - match goal with |- context [after_play r shuf s ?b ?c ?st ?ds ?hs ?w ?z] =>
      destruct (after_play_facts r shuf s b c st ds hs w z) as (Ho & Hs & _) end.
    rewrite Ho, Hs. reflexivity.
  - apply after_play_facts.
  - match goal with |- context [end_turn r shuf s ?d ?h false] =>
      destruct (end_turn_facts r shuf s d h false) as (_ & Hq & Hst & Ho & _) end.
    rewrite Ho, Hq, Hst. reflexivity.
  - match goal with |- context [end_turn r shuf s ?d ?h ?e] =>
      destruct (end_turn_facts r shuf s d h e) as (_ & Hq & Hst & Ho & _) end.
    rewrite Ho, Hq, Hst. reflexivity.
Qed.

(** Blocked exactly when an end of turn brings the empty passes in a row to the
    number of players (R-WIN-2). *)
(* kind: restates *)
Corollary blocked_exact r shuf s m s' :
  step r shuf s m = Some s' ->
  (outcome s' = Some Blocked <-> ends_turn m /\ players r <= empty_passes s').
Proof.
  intros H. rewrite (step_outcome r shuf s m s' H). unfold ends_turn.
  assert (Hend : forall e : Prop, e ->
    (end_outcome r (turn s) (empty_passes s') (stall_turns s') = Some Blocked <->
     e /\ players r <= empty_passes s')).
  { intros e He. unfold end_outcome, stalled.
    destruct (Nat.leb_spec (players r) (empty_passes s')).
    - split; [tauto|reflexivity].
    - split; [|lia]. destruct (turn_limit r) as [l|]; [destruct (l <=? turn s)|];
        destruct (stall_limit r) as [l'|]; try destruct (l' <=? _); discriminate. }
  destruct m;
    try (split; [|intros [[E|(? & ? & E)] _]; discriminate];
         intros E; try destruct (team_out _ _ _); discriminate).
  - apply Hend. eauto.
  - apply Hend. eauto.
Qed.

(** A team wins exactly when a stock play leaves all of its stock piles empty
    (R-WIN-1, R-TEAM-3). *)
(* kind: restates *)
Corollary stock_emptied_exact r shuf s m s' t :
  step r shuf s m = Some s' ->
  (outcome s' = Some (StockEmptied t) <->
     (exists k b, m = PlayFromStock k b) /\ t = team_of r (current s)
     /\ forall k, In k (sources r (current s)) -> nth k (stocks s') [] = []).
Proof.
  intros H. rewrite (step_outcome r shuf s m s' H). unfold end_outcome, stalled.
  destruct m;
    try (split; [|intros ((? & ? & E) & _); discriminate];
         intros E; repeat (destruct (_ <=? _) in E); try destruct (turn_limit r) in E;
         try destruct (_ <=? _) in E; try destruct (stall_limit r) in E;
         try destruct (_ <=? _) in E; discriminate).
  destruct (team_out r (stocks s') (current s)) eqn:T.
  - rewrite team_out_spec in T. split.
    + intros E. injection E as <-. split; [eauto|]. tauto.
    + intros (_ & -> & _). reflexivity.
  - split; [discriminate|]. intros (_ & _ & F). apply team_out_spec in F. congruence.
Qed.

(** The turn limit ends the game exactly at the end of a turn whose number has
    reached the limit, unless the game is blocked then (R-WIN-2). *)
(* kind: restates *)
Corollary turn_limit_exact r shuf s m s' :
  step r shuf s m = Some s' ->
  (outcome s' = Some TurnLimit <->
     ends_turn m /\ empty_passes s' < players r
     /\ exists l, turn_limit r = Some l /\ l <= turn s).
Proof.
  intros H. rewrite (step_outcome r shuf s m s' H). unfold ends_turn.
  assert (Hend : forall e : Prop, e ->
    (end_outcome r (turn s) (empty_passes s') (stall_turns s') = Some TurnLimit <->
     e /\ empty_passes s' < players r /\ exists l, turn_limit r = Some l /\ l <= turn s)).
  { intros e He. unfold end_outcome, stalled.
    destruct (Nat.leb_spec (players r) (empty_passes s')).
    - split; [discriminate|]. lia.
    - destruct (turn_limit r) as [l|].
      + destruct (Nat.leb_spec l (turn s)).
        * split; [eauto|reflexivity].
        * split; [destruct (stall_limit r) as [l'|]; try destruct (l' <=? _); discriminate|].
          intros (_ & _ & l' & E & Hl). injection E as <-. lia.
      + split; [destruct (stall_limit r) as [l'|]; try destruct (l' <=? _); discriminate|].
        intros (_ & _ & l' & E & _). discriminate. }
  destruct m;
    try (split; [|intros [[E|(? & ? & E)] _]; discriminate];
         intros E; try destruct (team_out _ _ _); discriminate).
  - apply Hend. eauto.
  - apply Hend. eauto.
Qed.

(** How a move changes the count of turns without a stock play (R-WIN-4): a stock play
    resets it, every end of turn adds one, other plays keep it. *)
(* kind: restates *)
Theorem step_stall_turns r shuf s m s' :
  step r shuf s m = Some s' ->
  stall_turns s' =
    match m with
    | PlayFromStock _ _ => 0
    | Discard _ _ | Pass => S (stall_turns s)
    | _ => stall_turns s
    end.
Proof.
  intros H. apply step_some in H. destruct H as [_ ->].
  destruct m; simpl;
    match goal with
    | |- context [after_play r shuf s ?b ?c ?st ?ds ?hs ?w ?z] =>
        apply (after_play_facts r shuf s b c st ds hs w z)
    | |- context [end_turn r shuf s ?d ?h ?e] => apply (end_turn_facts r shuf s d h e)
    end.
Qed.

(** The game is stalled exactly when an end of turn brings the turns without a stock
    play to the stall limit, unless it is blocked or at the turn limit then (R-WIN-4). *)
(* kind: restates *)
Corollary stalled_exact r shuf s m s' :
  step r shuf s m = Some s' ->
  (outcome s' = Some Stalled <->
     ends_turn m /\ empty_passes s' < players r
     /\ (forall l, turn_limit r = Some l -> turn s < l)
     /\ exists l, stall_limit r = Some l /\ l <= stall_turns s').
Proof.
  intros H. rewrite (step_outcome r shuf s m s' H). unfold ends_turn.
  assert (Hend : forall e : Prop, e ->
    (end_outcome r (turn s) (empty_passes s') (stall_turns s') = Some Stalled <->
     e /\ empty_passes s' < players r /\ (forall l, turn_limit r = Some l -> turn s < l)
     /\ exists l, stall_limit r = Some l /\ l <= stall_turns s')).
  { intros e He.
    assert (Hst : stalled r (stall_turns s') = Some Stalled <->
                  exists l, stall_limit r = Some l /\ l <= stall_turns s').
    { unfold stalled. destruct (stall_limit r) as [l|].
      - destruct (Nat.leb_spec l (stall_turns s')).
        + split; [eauto|reflexivity].
        + split; [discriminate|]. intros (l' & E & Hl). injection E as <-. lia.
      - split; [discriminate|]. intros (l' & E & _). discriminate. }
    unfold end_outcome. destruct (Nat.leb_spec (players r) (empty_passes s')).
    - split; [discriminate|]. lia.
    - destruct (turn_limit r) as [l|].
      + destruct (Nat.leb_spec l (turn s)).
        * split; [discriminate|]. intros (_ & _ & Hl & _). specialize (Hl l eq_refl). lia.
        * rewrite Hst. split; [|tauto]. intros Hs. repeat split; auto.
          intros l' E. injection E as <-. assumption.
      + rewrite Hst. split; [|tauto]. intros Hs. repeat split; auto.
        intros l' E. discriminate. }
  destruct m;
    try (split; [|intros [[E|(? & ? & E)] _]; discriminate];
         intros E; try destruct (team_out _ _ _); discriminate).
  - apply Hend. eauto.
  - apply Hend. eauto.
Qed.
