(** * The model refines the specification: [legal_moves] and [step] against [Step].

    SpecSkipBo.v states the rules apart from the model.  Here the model's states, moves
    and rules records are translated into the specification's ([tr_state], [tr_move],
    [tr_rules]; a card [0] is the wild, [n > 0] the number [n]), and it is proved that
    every model step, for every shuffle, is a [Step] of the specification (soundness);
    that a move is in [legal_moves] exactly when the specification has a step for it;
    and that the deal, the refill and the reshuffle are the specification's. *)

From Coq Require Import List Arith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Legal Conservation Piles Reachable DeadEnd Termination
  SpecSkipBo.

(** ** The translation *)

Definition tc (c : card) : Card := match c with 0 => Wild | S n => Num (S n) end.
Definition tp (p : pile) : Pile := map tc p.

Definition tr_term (t : termination) : Ending :=
  match t with
  | StockEmptied k => Won k
  | SkipBo.Blocked => SpecSkipBo.Blocked
  | SkipBo.TurnLimit => SpecSkipBo.TurnLimit
  | SkipBo.Stalled => SpecSkipBo.Stalled
  end.

Definition tr_rules (r : rules) : SRules :=
  mkSRules (players r) (teams r) (shared_piles r) (highest (rdeck r)) (stock_size r)
    (hand_size r) (build_pile_count r) (discard_pile_count r) (first_player r)
    (turn_limit r) (turn_move_limit r) (stall_limit r).

Definition tr_state (s : state) : SState :=
  mkSState (map tp (stocks s)) (map (map tp) (discards s)) (map tp (hands s))
    (map tp (builds s)) (tp (draw_pile s)) (tp (completed s)) (current s) (turn s)
    (turn_moves s) (empty_passes s) (stall_turns s) (option_map tr_term (outcome s)).

Definition tr_move (m : move) : SMove :=
  match m with
  | PlayFromHand c b => HandToBuild (tc c) b
  | PlayFromStock k b => StockToBuild k b
  | PlayFromDiscard d i b => DiscardToBuild d i b
  | Discard c i => HandToDiscard (tc c) i
  | Pass => PassTurn
  end.

(** The seating the rules validation guarantees in team play: every seat in a team,
    no seat in two teams, no seat twice in a team (R-TEAM-5). *)
Definition teams_ok (r : rules) : Prop :=
  forall ts, teams r = Some ts ->
    (forall p, p < players r -> exists t, In t ts /\ In p t) /\
    (forall i j ti tj p, nth_error ts i = Some ti -> nth_error ts j = Some tj ->
       In p ti -> In p tj -> i = j) /\
    (forall t, In t ts -> NoDup t).

(** ** Lists *)

Lemma tc_inj a b : tc a = tc b -> a = b.
Proof. destruct a, b; simpl; congruence. Qed.

Lemma tp_inj a b : tp a = tp b -> a = b.
Proof.
  revert b; induction a as [|x a IH]; intros [|y b]; simpl; try discriminate; auto.
  intros H. injection H as H1 H2. f_equal; [apply tc_inj|apply IH]; assumption.
Qed.

Lemma in_tp c h : In (tc c) (tp h) <-> In c h.
Proof.
  unfold tp. rewrite in_map_iff. split.
  - intros (x & E & Hx). apply tc_inj in E. subst. assumption.
  - intros H. exists c. auto.
Qed.

Lemma upd_set_nth {A : Type} (l : list A) i x : i < length l -> upd l i x = set_nth l i x.
Proof.
  unfold set_nth. revert i; induction l as [|a l IH]; intros [|i] H; simpl in *; try lia;
    [reflexivity|]. rewrite IH by lia. reflexivity.
Qed.

Lemma map_set_nth {A B : Type} (f : A -> B) l i x :
  map f (set_nth l i x) = set_nth (map f l) i (f x).
Proof. unfold set_nth. rewrite map_app, firstn_map. cbn [map]. rewrite skipn_map. reflexivity. Qed.

Lemma map_upd {A B : Type} (f : A -> B) l i x : map f (upd l i x) = upd (map f l) i (f x).
Proof. revert i; induction l as [|a l IH]; intros [|i]; simpl; f_equal; auto. Qed.

Lemma nth_tp (l : list pile) i : nth i (map tp l) [] = tp (nth i l []).
Proof. exact (map_nth tp l [] i). Qed.

Lemma nth_tp2 (l : list (list pile)) i : nth i (map (map tp) l) [] = map tp (nth i l []).
Proof. exact (map_nth (map tp) l [] i). Qed.

Lemma remove_one_take c h :
  In c h -> TakeFromHand (tc c) (tp h) (tp (remove_one c h)).
Proof.
  induction h as [|a h IH]; simpl; [tauto|]. intros Hin.
  destruct (Nat.eqb_spec a c) as [->|Hne].
  - exists [], (tp h). simpl. auto.
  - destruct Hin as [->|Hin]; [contradiction|].
    destruct (IH Hin) as (h1 & h2 & E & Hn & E'). exists (tc a :: h1), h2. simpl.
    rewrite E, E'. repeat split; auto. intros [X|X]; [apply tc_inj in X; congruence|tauto].
Qed.

Lemma take_in c h h' : TakeFromHand c h h' -> In c h.
Proof. intros (h1 & h2 & -> & _ & _). apply in_or_app. right. left. reflexivity. Qed.

Lemma split_top (p : pile) : p <> [] -> tp p = tp (removelast p) ++ [tc (top p)].
Proof.
  intros H. unfold top. rewrite (app_removelast_last wild H) at 1. unfold tp.
  rewrite map_app. reflexivity.
Qed.

Lemma tp_nil (p : pile) : tp p = [] <-> p = [].
Proof. destruct p; simpl; split; congruence. Qed.

Lemma accepts_can_build s b c : can_build s b c <-> Accepts (tr_state s) b (tc c).
Proof.
  unfold can_build, Accepts, tr_state. simpl. rewrite map_length, nth_tp. unfold tp.
  rewrite map_length. unfold wild.
  destruct c as [|c]; simpl; split; intros [H1 H2]; split; auto.
  - destruct H2 as [H2|H2]; [discriminate|]. right. injection H2 as ->. reflexivity.
  - destruct H2 as [H2|H2]; [discriminate|]. right. injection H2 as ->. reflexivity.
Qed.

Lemma plays_allowed_spec r s :
  plays_allowed r s = true <-> PlaysAllowed (tr_rules r) (tr_state s).
Proof.
  unfold plays_allowed, PlaysAllowed. simpl. destruct (turn_move_limit r) as [l|].
  - rewrite Nat.ltb_lt. split; [intros H l' E; injection E as <-; assumption|].
    intros H. apply H. reflexivity.
  - split; [discriminate|]. split; reflexivity.
Qed.

(** ** The draw, the reshuffle, the refill, the completion of a build pile *)

(** R-DRAW-1/2/3: the model's draw, for every shuffle, is a [Draws] of the
    specification, its reshuffle a [Reshuffle]. *)
(* kind: rules *)
Theorem draw_refines shuf n dp comp :
  is_shuffle shuf ->
  let '(drawn, dp', comp') := draw shuf n dp comp in
  Draws n (tp dp) (tp comp) (tp drawn) (tp dp') (tp comp').
Proof.
  intros Hs. unfold draw. destruct (Nat.leb_spec n (length dp)) as [Hle|Hgt].
  - apply draw_from_pile.
    + unfold tp. rewrite map_length, skipn_length. lia.
    + unfold tp. rewrite <- map_app, firstn_skipn. reflexivity.
  - unfold tp. rewrite map_app. cbn [map].
    apply draw_reshuffled with (fresh := map tc (shuf comp)).
    + rewrite map_length. assumption.
    + unfold Reshuffle. apply Permutation_map, Permutation_sym, Hs.
    + rewrite <- map_app, firstn_skipn. reflexivity.
    + rewrite !map_length, skipn_length. lia.
Qed.

(** R-TURN-1, R-TURN-4: the model's fill is a [Fills]. *)
(* kind: rules *)
Theorem fill_refines r shuf h dp comp :
  is_shuffle shuf ->
  let '(h', dp', comp') := fill r shuf h dp comp in
  Fills (tr_rules r) (tp h) (tp dp) (tp comp) (tp h') (tp dp') (tp comp').
Proof.
  intros Hs. unfold fill. pose proof (draw_refines shuf (hand_size r - length h) dp comp Hs) as D.
  destruct (draw _ _ _ _) as [[drawn dp'] comp']. exists (tp drawn). split.
  - simpl. unfold tp at 1. rewrite map_length. exact D.
  - unfold tp. rewrite map_app. reflexivity.
Qed.

Lemma place_refines r s b c :
  b < length (builds s) ->
  let '(builds', comp1) := place r s b c in
  Places (tr_rules r) (tr_state s) b (tc c) (map tp builds') (tp comp1).
Proof.
  intros Hb. unfold place. destruct (Nat.eqb_spec (length (nth b (builds s) [] ++ [c]))
                                                 (highest (rdeck r))) as [E|E].
  - replace (map tp (upd (builds s) b [])) with (set_nth (st_builds (tr_state s)) b [])
      by (simpl; rewrite upd_set_nth, map_set_nth by assumption; reflexivity).
    replace (tp (completed s ++ nth b (builds s) [] ++ [c])) with
      (st_aside (tr_state s) ++ nth b (st_builds (tr_state s)) [] ++ [tc c])
      by (simpl; rewrite nth_tp; unfold tp; rewrite !map_app; reflexivity).
    apply place_completes. simpl. rewrite nth_tp. unfold tp. rewrite map_length.
    rewrite app_length in E. simpl in E. lia.
  - replace (map tp (upd (builds s) b (nth b (builds s) [] ++ [c]))) with
      (set_nth (st_builds (tr_state s)) b (nth b (st_builds (tr_state s)) [] ++ [tc c]))
      by (simpl; rewrite upd_set_nth, map_set_nth, nth_tp by assumption; unfold tp;
          rewrite map_app; reflexivity).
    apply place_on. simpl. rewrite nth_tp. unfold tp. rewrite map_length.
    rewrite app_length in E. simpl in E. lia.
Qed.

(** ** The seating *)

Lemma team_index_nth p ts i t :
  (forall i j ti tj, nth_error ts i = Some ti -> nth_error ts j = Some tj ->
     In p ti -> In p tj -> i = j) ->
  nth_error ts i = Some t -> In p t -> team_index p ts = i.
Proof.
  revert i; induction ts as [|t0 ts IH]; intros i Hd Ht Hp; [destruct i; discriminate|].
  simpl. destruct (existsb (Nat.eqb p) t0) eqn:E.
  - apply existsb_exists in E. destruct E as (x & Hx & Ex). apply Nat.eqb_eq in Ex. subst x.
    symmetry. apply (Hd i 0 t t0); auto.
  - destruct i as [|i].
    + simpl in Ht. injection Ht as ->. exfalso.
      assert (existsb (Nat.eqb p) t = true) as X
        by (apply existsb_exists; exists p; split; [assumption|apply Nat.eqb_refl]).
      congruence.
    + f_equal. apply IH; auto. intros i' j' ti tj Hi Hj Hpi Hpj.
      specialize (Hd (S i') (S j') ti tj Hi Hj Hpi Hpj). lia.
Qed.

Lemma position_nth p t j : NoDup t -> nth_error t j = Some p -> position p t = j.
Proof.
  revert j; induction t as [|x t IH]; intros j Hn Hj; [destruct j; discriminate|].
  inversion Hn as [|? ? Hx Hn']; subst. simpl. destruct (Nat.eqb_spec x p) as [->|Hne].
  - destruct j as [|j]; [reflexivity|]. exfalso. apply Hx. apply nth_error_In with j. assumption.
  - destruct j as [|j]; simpl in Hj; [congruence|]. f_equal. apply IH; assumption.
Qed.

Lemma seat_team r ts p :
  teams_ok r -> teams r = Some ts -> p < players r ->
  exists t, nth_error ts (team_index p ts) = Some t /\ In p t.
Proof.
  intros Hok E Hp. destruct (Hok ts E) as (Hin & Hd & _).
  destruct (Hin p Hp) as (t & Ht & Hpt). apply In_nth_error in Ht. destruct Ht as (i & Hi).
  exists t. rewrite (team_index_nth p ts i t (fun i j ti tj => Hd i j ti tj p) Hi Hpt). auto.
Qed.

Lemma nth_error_nth' {A : Type} (l : list A) i x d : nth_error l i = Some x -> nth i l d = x.
Proof. revert i; induction l; intros [|i] H; simpl in *; congruence || auto. Qed.

(** R-TURN-2, R-TEAM-1/2: the model's [sources] are the piles the rules let the seat use. *)
(* kind: rules *)
Theorem sources_refine r p k :
  teams_ok r -> p < players r -> In k (sources r p) <-> Uses (tr_rules r) p k.
Proof.
  intros Hok Hp. unfold sources, team_stocks, team_of, Uses. simpl.
  destruct (teams r) as [ts|] eqn:E; [|simpl; split; [intros [->|[]]; reflexivity|intros ->; left; reflexivity]].
  destruct (seat_team r ts p Hok E Hp) as (t & Ht & Hpt).
  destruct (Hok ts E) as (_ & Hd & _).
  assert (forall i t', nth_error ts i = Some t' -> In p t' -> i = team_index p ts) as U
    by (intros i t' Hi Hpi; apply (Hd i (team_index p ts) t' t p); assumption).
  destruct (shared_piles r).
  - split.
    + intros H. exists (team_index p ts), t. repeat split; auto.
      simpl in H. destruct H as [<-|[<-|[]]]; [left|right]; reflexivity.
    + intros (i & t' & Hi & Hpi & Hk). rewrite (U i t' Hi Hpi) in Hk.
      simpl. destruct Hk as [Hk | Hk]; rewrite Hk; auto.
  - rewrite (nth_error_nth' ts _ t [] Ht). split.
    + intros H. exists (team_index p ts), t. auto.
    + intros (i & t' & Hi & Hpi & Hk). rewrite (U i t' Hi Hpi), Ht in Hi.
      injection Hi as ->. assumption.
Qed.

(** R-TURN-5, R-TEAM-2: the model's [own_set] is the seat's own discard set, the only one. *)
(* kind: rules *)
Theorem own_set_refines r p o :
  teams_ok r -> p < players r -> OwnSet (tr_rules r) p o <-> o = own_set r p.
Proof.
  intros Hok Hp. unfold OwnSet, own_set, team_of. simpl.
  destruct (teams r) as [ts|] eqn:E; [|tauto].
  destruct (shared_piles r); [|tauto].
  destruct (seat_team r ts p Hok E Hp) as (t & Ht & Hpt).
  destruct (Hok ts E) as (_ & Hd & Hnd).
  assert (NoDup t) as Hn by (apply Hnd; apply nth_error_In with (team_index p ts); assumption).
  rewrite (nth_error_nth' ts _ t [] Ht). split.
  - intros (i & t' & j & Hi & Hj & ->).
    assert (In p t') as Hpi by (apply nth_error_In with j; assumption).
    assert (i = team_index p ts) as -> by (apply (Hd i (team_index p ts) t' t p); assumption).
    rewrite Ht in Hi. injection Hi as <-. rewrite (position_nth p t j Hn Hj). reflexivity.
  - intros ->. apply In_nth_error in Hpt. destruct Hpt as (j & Hj).
    exists (team_index p ts), t, j. repeat split; auto. rewrite (position_nth p t j Hn Hj).
    reflexivity.
Qed.

Lemma team_of_refines r p : teams_ok r -> p < players r -> TeamOf (tr_rules r) p (team_of r p).
Proof.
  intros Hok Hp. unfold TeamOf, team_of. simpl. destruct (teams r) as [ts|] eqn:E; [|reflexivity].
  destruct (seat_team r ts p Hok E Hp) as (t & Ht & Hpt). exists t. auto.
Qed.

Lemma team_out_refines r st p :
  teams_ok r -> p < players r ->
  team_out r st p = true <-> TeamOut (tr_rules r) (map tp st) p.
Proof.
  intros Hok Hp. unfold team_out, TeamOut. rewrite forallb_forall. split.
  - intros H k Hk. apply (sources_refine r p k Hok Hp) in Hk. specialize (H k Hk).
    rewrite nth_tp. destruct (nth k st []); [reflexivity|discriminate].
  - intros H k Hk. apply (sources_refine r p k Hok Hp) in Hk. specialize (H k Hk).
    rewrite nth_tp in H. apply tp_nil in H. rewrite H. reflexivity.
Qed.

Lemma stock_piles_refine r : StockPiles (tr_rules r) = stock_pile_count r.
Proof. reflexivity. Qed.

(** ** What follows a play, and the end of a turn *)

Lemma tr_state_mk a b c d e f g h i j k l :
  tr_state (mkState a b c d e f g h i j k l) =
  mkSState (map tp a) (map (map tp) b) (map tp c) (map tp d) (tp e) (tp f) g h i j k
    (option_map tr_term l).
Proof. reflexivity. Qed.

Lemma after_play_refines r shuf s b c st ds hs stall :
  is_shuffle shuf -> current s < length hs -> b < length (builds s) ->
  Continues (tr_rules r) (tr_state s) b (tc c) (map tp st) (map (map tp) ds) (map tp hs) stall
    (tr_state (after_play r shuf s b c st ds hs None stall)).
Proof.
  intros Hs Hc Hb. unfold after_play. pose proof (place_refines r s b c Hb) as Hpl.
  destruct (place r s b c) as [builds' comp1].
  destruct (nth (current s) hs []) as [|x rest] eqn:Eh.
  - pose proof (fill_refines r shuf [] (draw_pile s) comp1 Hs) as Hf.
    destruct (fill r shuf [] (draw_pile s) comp1) as [[h dp'] comp'].
    rewrite tr_state_mk. cbn [option_map].
    rewrite upd_set_nth, map_set_nth by assumption.
    apply (continue_refilled (tr_rules r) (tr_state s) b (tc c) (map tp st) (map (map tp) ds)
      (map tp hs) stall (map tp builds') (tp comp1) (tp h) (tp dp') (tp comp')); auto.
    simpl. rewrite nth_tp, Eh. reflexivity.
  - rewrite tr_state_mk. cbn [option_map].
    apply (continue_with_hand (tr_rules r) (tr_state s) b (tc c) (map tp st) (map (map tp) ds)
      (map tp hs) stall (map tp builds') (tp comp1)); auto.
    simpl. rewrite nth_tp, Eh. discriminate.
Qed.

Lemma end_turn_refines r shuf s ds hs e :
  is_shuffle shuf -> length hs = players r -> current s < players r ->
  EndsTurn (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e
    (tr_state (end_turn r shuf s ds hs e)).
Proof.
  intros Hs Hl Hc. unfold end_turn.
  set (passes := if e then S (empty_passes s) else 0).
  assert (PassesAfter (tr_state s) e = passes) as Ep by reflexivity.
  assert (Hnext : passes < players r -> BelowTurnLimit (tr_rules r) (tr_state s) ->
      BelowStallLimit (tr_rules r) (S (stall_turns s)) ->
      EndsTurn (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e
        (tr_state (let f := S (current s) mod players r in
         let '(h, dp', comp') := fill r shuf (nth f hs []) (draw_pile s) (completed s) in
         mkState (stocks s) ds (upd hs f h) (builds s) dp' comp' f (S (turn s)) 0 passes
           (S (stall_turns s)) None))).
  { intros H1 H2 H3. cbv zeta.
    set (f := S (current s) mod players r).
    assert (f < length hs) as Hf by (unfold f; rewrite Hl; apply Nat.mod_upper_bound; lia).
    pose proof (fill_refines r shuf (nth f hs []) (draw_pile s) (completed s) Hs) as F.
    destruct (fill r shuf (nth f hs []) (draw_pile s) (completed s)) as [[h dp'] comp'].
    rewrite tr_state_mk. cbn [option_map].
    rewrite upd_set_nth, map_set_nth by assumption. rewrite <- Ep.
    apply (next_turn (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e (tp h) (tp dp')
      (tp comp')); rewrite ?Ep; auto.
    simpl. rewrite nth_tp. exact F. }
  destruct (Nat.leb_spec (players r) passes) as [Hb|Hb].
  { simpl. rewrite <- Ep. apply ends_blocked. rewrite Ep. assumption. }
  destruct (turn_limit r) as [l|] eqn:Et.
  - destruct (Nat.leb_spec l (turn s)) as [Ht|Ht].
    + simpl. rewrite <- Ep. apply (ends_turn_limit (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e l); rewrite ?Ep; auto.
    + assert (BelowTurnLimit (tr_rules r) (tr_state s)) as Hbt.
      { intros l' E. simpl in E. rewrite Et in E. injection E as <-. assumption. }
      unfold stalled. destruct (stall_limit r) as [l'|] eqn:Es.
      * destruct (Nat.leb_spec l' (S (stall_turns s))) as [Hs'|Hs'].
        -- simpl. rewrite <- Ep. apply (ends_stalled (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e l'); rewrite ?Ep; auto.
        -- apply Hnext; auto. intros l2 E. simpl in E. rewrite Es in E. injection E as <-.
           assumption.
      * apply Hnext; auto. intros l2 E. simpl in E. rewrite Es in E. discriminate.
  - assert (BelowTurnLimit (tr_rules r) (tr_state s)) as Hbt.
    { intros l' E. simpl in E. rewrite Et in E. discriminate. }
    unfold stalled. destruct (stall_limit r) as [l'|] eqn:Es.
    + destruct (Nat.leb_spec l' (S (stall_turns s))) as [Hs'|Hs'].
      * simpl. rewrite <- Ep. apply (ends_stalled (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e l'); rewrite ?Ep; auto.
      * apply Hnext; auto. intros l2 E. simpl in E. rewrite Es in E. injection E as <-.
        assumption.
    + apply Hnext; auto. intros l2 E. simpl in E. rewrite Es in E. discriminate.
Qed.

(** ** Soundness: every model step is a step of the specification *)

Lemma hand_tr s : Hand (tr_state s) = tp (hand s).
Proof. apply nth_tp. Qed.

Lemma set_nth_tp (l : list pile) i x :
  i < length l -> set_nth (map tp l) i (tp x) = map tp (upd l i x).
Proof. intros H. rewrite upd_set_nth, map_set_nth by assumption. reflexivity. Qed.

Lemma set_nth_tp2 (l : list (list pile)) i x :
  i < length l -> set_nth (map (map tp) l) i (map tp x) = map (map tp) (upd l i x).
Proof. intros H. rewrite upd_set_nth, map_set_nth by assumption. reflexivity. Qed.

Lemma nonempty_nth2_lt (l : list (list pile)) d i :
  nth i (nth d l []) [] <> [] -> d < length l /\ i < length (nth d l []).
Proof.
  intros H. split; [|apply nth_nonempty_lt; assumption].
  apply nth_nonempty_lt. intros E. rewrite E in H. destruct i; apply H; reflexivity.
Qed.

(** Soundness: for every shuffle, every step of the model from a well-formed state is a
    step of the specification between the translated states, for the translated move. *)
(* kind: rules *)
Theorem step_refines r shuf s m s' :
  is_shuffle shuf -> teams_ok r -> wf r s -> step r shuf s m = Some s' ->
  Step (tr_rules r) (tr_state s) (tr_move m) (tr_state s').
Proof.
  intros Hs Hok [Hl Hc] Hstep. apply step_some in Hstep. destruct Hstep as [[Hout Hm] ->].
  assert (st_over (tr_state s) = None) as Ho by (simpl; rewrite Hout; reflexivity).
  assert (current s < length (hands s)) as Hch by lia.
  destruct m as [c b|k b|d i b|c i|]; cbn [tr_move]; cbv beta iota zeta delta [perform].
  - destruct Hm as (Pa & Hin & Hcb).
    apply (step_hand _ _ (tc c) b (tp (remove_one c (hand s)))); auto.
    + apply plays_allowed_spec. assumption.
    + rewrite hand_tr. apply remove_one_take. assumption.
    + apply accepts_can_build. assumption.
    + simpl st_hands. rewrite set_nth_tp by assumption.
      apply after_play_refines; [assumption|rewrite upd_length; assumption|apply Hcb].
  - destruct Hm as (Pa & Hk & Hne & Hcb).
    assert (k < length (stocks s)) as Hkl by (apply nth_nonempty_lt; assumption).
    assert (nth k (st_stocks (tr_state s)) [] =
            tp (removelast (nth k (stocks s) [])) ++ [tc (top (nth k (stocks s) []))]) as Ek
      by (simpl; rewrite nth_tp; apply split_top; assumption).
    assert (set_nth (st_stocks (tr_state s)) k (tp (removelast (nth k (stocks s) []))) =
            map tp (upd (stocks s) k (removelast (nth k (stocks s) [])))) as Es
      by (simpl; apply set_nth_tp; assumption).
    apply (sources_refine r (current s) k Hok Hc) in Hk.
    apply plays_allowed_spec in Pa.
    assert (b < length (builds s)) as Hbl by apply Hcb. apply accepts_can_build in Hcb.
    destruct (team_out r (upd (stocks s) k (removelast (nth k (stocks s) []))) (current s))
      eqn:Eto.
    + apply (team_out_refines r _ (current s) Hok Hc) in Eto. rewrite <- Es in Eto.
      unfold after_play. pose proof (place_refines r s b (top (nth k (stocks s) []))
        Hbl) as Hpl.
      destruct (place r s b _) as [builds' comp1]. rewrite tr_state_mk. cbn [option_map tr_term].
      rewrite <- Es.
      apply (step_stock_wins (tr_rules r) (tr_state s) k b (tp (removelast (nth k (stocks s) [])))
               (tc (top (nth k (stocks s) []))) (team_of r (current s))
               (map tp builds') (tp comp1)); auto.
      apply team_of_refines; assumption.
    + assert (~ TeamOut (tr_rules r) (set_nth (st_stocks (tr_state s)) k
                (tp (removelast (nth k (stocks s) [])))) (current s)) as Hno.
      { rewrite Es. rewrite <- (team_out_refines r _ (current s) Hok Hc). congruence. }
      apply (step_stock _ _ k b _ _ _ Ho Pa Hk Ek Hcb Hno). rewrite Es.
      apply after_play_refines; assumption.
  - destruct Hm as (Pa & Hd & Hne & Hcb).
    destruct (nonempty_nth2_lt (discards s) d i Hne) as [Hdl Hil].
    set (pl := nth i (nth d (discards s) []) []) in *.
    assert (nth i (nth d (st_discards (tr_state s)) []) [] =
            tp (removelast pl) ++ [tc (top pl)]) as Ek
      by (simpl; rewrite nth_tp2, nth_tp; apply split_top; assumption).
    assert (set_nth (st_discards (tr_state s)) d
              (set_nth (nth d (st_discards (tr_state s)) []) i (tp (removelast pl))) =
            map (map tp) (upd (discards s) d (upd (nth d (discards s) []) i (removelast pl))))
      as Es by (simpl; rewrite nth_tp2, set_nth_tp, set_nth_tp2 by assumption; reflexivity).
    apply (sources_refine r (current s) d Hok Hc) in Hd.
    apply plays_allowed_spec in Pa.
    assert (b < length (builds s)) as Hbl by apply Hcb. apply accepts_can_build in Hcb.
    apply (step_discard_pile _ _ d i b _ _ _ Ho Pa Hd Ek Hcb). rewrite Es.
    apply after_play_refines; assumption.
  - destruct Hm as (Hin & Hi).
    set (o := own_set r (current s)) in *.
    assert (o < length (discards s)) as Hol.
    { apply nth_nonempty_lt. intros E. rewrite E in Hi. simpl in Hi. lia. }
    apply (step_discard _ _ (tc c) i o (tp (remove_one c (hand s)))); auto.
    + rewrite hand_tr. apply remove_one_take. assumption.
    + apply own_set_refines; auto.
    + simpl. rewrite nth_tp2, map_length. assumption.
    + simpl st_discards. simpl st_hands. rewrite nth_tp2, nth_tp.
      replace (tp (nth i (nth o (discards s) []) []) ++ [tc c]) with
        (tp (nth i (nth o (discards s) []) [] ++ [c])) by (unfold tp; apply map_app).
      change (st_mover (tr_state s)) with (current s).
      rewrite (set_nth_tp (nth o (discards s) [])) by assumption.
      rewrite set_nth_tp2 by assumption.
      rewrite (set_nth_tp (hands s)) by assumption.
      apply end_turn_refines; [assumption|rewrite upd_length; assumption|assumption].
  - apply step_pass; auto.
    + rewrite hand_tr, Hm. reflexivity.
    + apply end_turn_refines; assumption.
Qed.

(** ** Legality: a move is legal in the model exactly when the specification has a step *)

Lemma over_tr s : st_over (tr_state s) = None -> outcome s = None.
Proof. simpl. destruct (outcome s); [discriminate|reflexivity]. Qed.

Lemma top_tr (pl : pile) p c : tp pl = p ++ [c] -> pl <> [] /\ c = tc (top pl).
Proof.
  intros E. assert (pl <> []) as Hne.
  { intros ->. simpl in E. destruct p; discriminate. }
  split; [assumption|]. rewrite (split_top pl Hne) in E.
  apply app_inj_tail in E. destruct E as [_ E]. symmetry. exact E.
Qed.

(** The model's [legal] (hence [legal_moves], by [legal_moves_correct]) allows exactly the
    moves the specification has a step for. *)
(* kind: rules *)
Theorem legal_refines r s m :
  teams_ok r -> wf r s -> legal r s m <-> SLegal (tr_rules r) (tr_state s) (tr_move m).
Proof.
  intros Hok Hwf. split.
  - intros H. exists (tr_state (perform r (fun l => l) s m)).
    apply (step_refines r (fun l => l) s m); auto.
    + intros l. apply Permutation_refl.
    + apply step_some. auto.
  - intros (s' & H). destruct Hwf as [Hl Hc].
    destruct m as [c b|k b|d i b|c i|]; cbn [tr_move] in H; inversion H; subst;
      (split; [apply over_tr; assumption|]).
    + split; [apply plays_allowed_spec; assumption|]. split.
      * apply (in_tp c). rewrite <- hand_tr. eapply take_in. eassumption.
      * apply accepts_can_build. assumption.
    + match goal with E : nth k _ [] = _ ++ [_] |- _ =>
        simpl in E; rewrite nth_tp in E; apply top_tr in E; destruct E as [Hne ->] end.
      split; [apply plays_allowed_spec; assumption|].
      split; [apply (sources_refine r (current s) k Hok Hc); assumption|].
      split; [assumption|]. apply accepts_can_build. assumption.
    + match goal with E : nth k _ [] = _ ++ [_] |- _ =>
        simpl in E; rewrite nth_tp in E; apply top_tr in E; destruct E as [Hne ->] end.
      split; [apply plays_allowed_spec; assumption|].
      split; [apply (sources_refine r (current s) k Hok Hc); assumption|].
      split; [assumption|]. apply accepts_can_build. assumption.
    + match goal with E : nth i (nth d _ []) [] = _ ++ [_] |- _ =>
        simpl in E; rewrite nth_tp2, nth_tp in E; apply top_tr in E; destruct E as [Hne ->] end.
      split; [apply plays_allowed_spec; assumption|].
      split; [apply (sources_refine r (current s) d Hok Hc); assumption|].
      split; [assumption|]. apply accepts_can_build. assumption.
    + split.
      * apply (in_tp c). rewrite <- hand_tr. eapply take_in. eassumption.
      * match goal with O : OwnSet _ _ ?o |- _ =>
          apply (own_set_refines r (current s) o Hok Hc) in O; subst o end.
        match goal with L : i < length (nth _ (st_discards _) []) |- _ =>
          simpl in L; rewrite nth_tp2, map_length in L; exact L end.
    + match goal with E : Hand _ = [] |- _ => rewrite hand_tr in E; apply tp_nil in E; exact E end.
Qed.

(* kind: rules *)
Corollary legal_moves_refine r s m :
  teams_ok r -> wf r s ->
  In m (legal_moves r s) <-> SLegal (tr_rules r) (tr_state s) (tr_move m).
Proof. intros Hok Hwf. rewrite legal_moves_correct. apply legal_refines; assumption. Qed.

(** ** The deal *)

Lemma map_repeat' {A B : Type} (f : A -> B) x n : map f (repeat x n) = repeat (f x) n.
Proof. induction n; simpl; f_equal; auto. Qed.

Lemma deal_stocks_shape n size order :
  n * size <= length order ->
  let '(stk, rest) := deal_stocks n size order in
  concat stk ++ rest = order /\ length stk = n /\ Forall (fun p => length p = size) stk.
Proof.
  revert order; induction n as [|n IH]; intros order Hlen; simpl; [auto|].
  specialize (IH (skipn size order) ltac:(rewrite skipn_length; simpl in Hlen; lia)).
  destruct (deal_stocks n size (skipn size order)) as [stk rest].
  destruct IH as (E & L & F). simpl. split; [|split].
  - rewrite <- app_assoc, E. apply firstn_skipn.
  - rewrite L. reflexivity.
  - constructor; [|assumption]. rewrite firstn_length. simpl in Hlen. lia.
Qed.

(** R-SETUP-2/3/4/7: the model's deal of a deck that holds the stock piles is the
    specification's deal of the same order. *)
(* kind: rules *)
Theorem deal_refines r order :
  first_player r < players r -> stock_pile_count r * stock_size r <= length order ->
  Deal (tr_rules r) (tp order) (tr_state (deal r order)).
Proof.
  intros Hf Hlen. unfold deal.
  pose proof (deal_stocks_shape (stock_pile_count r) (stock_size r) order Hlen) as Hsh.
  destruct (deal_stocks _ _ _) as [stk rest]. destruct Hsh as (E & L & F).
  assert (is_shuffle (fun l => l)) as Hid by (intros l; apply Permutation_refl).
  pose proof (fill_refines r (fun l => l) [] rest [] Hid) as Hfill.
  destruct (fill r _ [] rest []) as [[h dp] comp].
  rewrite tr_state_mk. cbn [option_map].
  rewrite map_upd, !map_repeat', upd_set_nth by (rewrite repeat_length; assumption).
  apply (deal_rule (tr_rules r) (tp order) (map tp stk) (tp rest) (tp h) (tp dp) (tp comp)).
  - rewrite map_length. assumption.
  - apply Forall_map. apply Forall_impl with (2 := F). intros p Hp. unfold tp.
    rewrite map_length. assumption.
  - rewrite <- E. unfold tp. rewrite map_app, concat_map. reflexivity.
  - exact Hfill.
Qed.

(** ** Completeness: every step of the specification is a model step, for some shuffle *)

Lemma split_first_unique (c : Card) a1 a2 b1 b2 :
  a1 ++ c :: b1 = a2 ++ c :: b2 -> ~ In c a1 -> ~ In c a2 -> a1 = a2 /\ b1 = b2.
Proof.
  revert a2; induction a1 as [|x a1 IH]; intros [|y a2] E H1 H2; simpl in *.
  - injection E as ->. auto.
  - injection E as -> _. exfalso. apply H2. left. reflexivity.
  - injection E as <- _. exfalso. apply H1. left. reflexivity.
  - injection E as -> E. destruct (IH a2 E) as [-> ->]; auto.
Qed.

Lemma take_unique c h h1 h2 : TakeFromHand c h h1 -> TakeFromHand c h h2 -> h1 = h2.
Proof.
  intros (a1 & b1 & -> & N1 & ->) (a2 & b2 & E & N2 & ->).
  destruct (split_first_unique c a1 a2 b1 b2 E N1 N2) as [-> ->]. reflexivity.
Qed.

Definition shuf_for (comp fresh : list card) (l : list card) : list card :=
  if list_eq_dec Nat.eq_dec l comp then fresh else l.

Lemma shuf_for_shuffle comp fresh : Permutation comp fresh -> is_shuffle (shuf_for comp fresh).
Proof.
  intros P l. unfold shuf_for. destruct (list_eq_dec Nat.eq_dec l comp) as [->|];
    [apply Permutation_sym; assumption|apply Permutation_refl].
Qed.

Lemma shuf_for_comp comp fresh : shuf_for comp fresh comp = fresh.
Proof. unfold shuf_for. destruct (list_eq_dec Nat.eq_dec comp comp); congruence. Qed.

Lemma firstn_app_len {A : Type} (a b : list A) : firstn (length a) (a ++ b) = a.
Proof. induction a; simpl; f_equal; auto. Qed.

Lemma skipn_app_len {A : Type} (a b : list A) : skipn (length a) (a ++ b) = b.
Proof. induction a; simpl; auto. Qed.

(** R-DRAW-1/2/3: every draw of the specification, reshuffle included, is the model's
    draw for a shuffle that gives the reshuffled order. *)
Lemma draw_complete n dp comp drawn dp' aside' :
  Draws n (tp dp) (tp comp) drawn dp' aside' ->
  exists fresh, Permutation comp fresh /\
    forall shuf, shuf comp = fresh ->
      let '(d, dp2, c2) := draw shuf n dp comp in tp d = drawn /\ tp dp2 = dp' /\ tp c2 = aside'.
Proof.
  intros H. destruct H as [dr dq Hl Hdp | fr rest more Hlt Hp Hf Hm].
  - exists comp. split; [apply Permutation_refl|]. intros shuf _. unfold draw.
    assert (length dp = length dq + n) as L
      by (rewrite <- Hl, <- app_length, <- Hdp; unfold tp; rewrite map_length; reflexivity).
    destruct (Nat.leb_spec n (length dp)) as [_|]; [|lia]. cbv iota beta.
    unfold tp in *. rewrite <- firstn_map, <- skipn_map, Hdp.
    replace (length dp - n) with (length dq) by lia.
    rewrite firstn_app_len, skipn_app_len. auto.
  - apply Permutation_sym in Hp. unfold tp in Hp. apply Permutation_map_inv in Hp.
    destruct Hp as (f3 & -> & Hp). exists f3. split; [assumption|]. intros shuf Hs.
    unfold draw. unfold tp in Hlt. rewrite map_length in Hlt.
    destruct (Nat.leb_spec n (length dp)) as [|_]; [lia|]. cbv iota beta zeta. rewrite Hs.
    assert (length f3 = length rest + length more) as L
      by (rewrite <- app_length, <- Hf, map_length; reflexivity).
    unfold tp in Hm. rewrite !map_length in Hm.
    replace (length f3 - (n - length dp)) with (length rest) by lia.
    unfold tp. rewrite map_app, <- firstn_map, <- skipn_map, Hf.
    rewrite firstn_app_len, skipn_app_len. auto.
Qed.

Lemma fills_complete r h dp comp h' dp' aside' :
  Fills (tr_rules r) (tp h) (tp dp) (tp comp) h' dp' aside' ->
  exists fresh, Permutation comp fresh /\
    forall shuf, shuf comp = fresh ->
      let '(h2, dp2, c2) := fill r shuf h dp comp in tp h2 = h' /\ tp dp2 = dp' /\ tp c2 = aside'.
Proof.
  intros (drawn & D & ->). simpl in D. unfold tp at 1 in D. rewrite map_length in D.
  destruct (draw_complete _ _ _ _ _ _ D) as (fresh & P & F). exists fresh. split; [assumption|].
  intros shuf Hs. specialize (F shuf Hs). unfold fill.
  destruct (draw shuf _ dp comp) as [[d dp2] c2]. destruct F as (<- & <- & <-).
  unfold tp. rewrite map_app. auto.
Qed.

Lemma places_det r s b c x1 y1 x2 y2 :
  Places r s b c x1 y1 -> Places r s b c x2 y2 -> x1 = x2 /\ y1 = y2.
Proof. intros H1 H2. destruct H1; inversion H2; subst; auto; contradiction. Qed.

Lemma places_complete r s b c bs aside :
  Places (tr_rules r) (tr_state s) b (tc c) bs aside -> b < length (builds s) ->
  let '(b', c1) := place r s b c in map tp b' = bs /\ tp c1 = aside.
Proof.
  intros H Hb. pose proof (place_refines r s b c Hb) as P.
  destruct (place r s b c) as [b' c1]. exact (places_det _ _ _ _ _ _ _ _ P H).
Qed.

Lemma id_shuffle : is_shuffle (fun l => l).
Proof. intros l. apply Permutation_refl. Qed.

Lemma continues_complete r s b c st ds hs stall s'' :
  Continues (tr_rules r) (tr_state s) b (tc c) (map tp st) (map (map tp) ds) (map tp hs) stall s'' ->
  b < length (builds s) -> current s < length hs ->
  exists shuf, is_shuffle shuf /\ tr_state (after_play r shuf s b c st ds hs None stall) = s''.
Proof.
  intros H Hb Hc. unfold after_play.
  destruct H as [bs aside Pl Hne | bs aside h dp' aside' Pl He F].
  - exists (fun l => l). split; [apply id_shuffle|].
    pose proof (places_complete r s b c bs aside Pl Hb) as P.
    destruct (place r s b c) as [b' c1]. destruct P as [<- <-].
    simpl in Hne. rewrite nth_tp in Hne.
    destruct (nth (current s) hs []) as [|x rest]; [contradiction|]. reflexivity.
  - pose proof (places_complete r s b c bs aside Pl Hb) as P.
    destruct (place r s b c) as [b' c1]. destruct P as [<- <-].
    simpl in He. rewrite nth_tp in He. apply tp_nil in He. rewrite He.
    destruct (fills_complete r [] (draw_pile s) c1 h dp' aside' F) as (fresh & Pf & Ff).
    exists (shuf_for c1 fresh). split; [apply shuf_for_shuffle; assumption|].
    specialize (Ff (shuf_for c1 fresh) (shuf_for_comp c1 fresh)).
    destruct (fill r _ [] (draw_pile s) c1) as [[h2 dp2] c2]. destruct Ff as (<- & <- & <-).
    rewrite tr_state_mk. cbn [option_map]. rewrite <- set_nth_tp by assumption. reflexivity.
Qed.

Lemma ends_complete r s ds hs e s'' :
  EndsTurn (tr_rules r) (tr_state s) (map (map tp) ds) (map tp hs) e s'' ->
  length hs = players r -> current s < players r ->
  exists shuf, is_shuffle shuf /\ tr_state (end_turn r shuf s ds hs e) = s''.
Proof.
  intros H Hl Hc. unfold end_turn.
  set (passes := if e then S (empty_passes s) else 0).
  destruct H as [Hb | l Hb Et Ht | l Hb Bt Es Hs | h dp' aside' Hb Bt Bs F];
    change (PassesAfter (tr_state s) e) with passes in *;
    change (s_players (tr_rules r)) with (players r) in Hb.
  - exists (fun l => l). split; [apply id_shuffle|].
    replace (players r <=? passes) with true by (symmetry; apply Nat.leb_le; assumption).
    reflexivity.
  - exists (fun l => l). split; [apply id_shuffle|].
    replace (players r <=? passes) with false by (symmetry; apply Nat.leb_gt; assumption).
    change (s_turn_limit (tr_rules r)) with (turn_limit r) in Et. rewrite Et.
    replace (l <=? turn s) with true by (symmetry; apply Nat.leb_le; assumption).
    reflexivity.
  - exists (fun l => l). split; [apply id_shuffle|].
    replace (players r <=? passes) with false by (symmetry; apply Nat.leb_gt; assumption).
    change (s_stall_limit (tr_rules r)) with (stall_limit r) in Es.
    assert (stalled r (S (stall_turns s)) = Some SkipBo.Stalled) as St.
    { unfold stalled. rewrite Es. replace (l <=? S (stall_turns s)) with true
        by (symmetry; apply Nat.leb_le; assumption). reflexivity. }
    destruct (turn_limit r) as [l'|] eqn:Et; [|rewrite St; reflexivity].
    replace (l' <=? turn s) with false.
    + rewrite St. reflexivity.
    + symmetry. apply Nat.leb_gt. apply Bt. simpl. assumption.
  - assert ((if players r <=? passes then Some SkipBo.Blocked
             else match turn_limit r with
                  | Some l => if l <=? turn s then Some SkipBo.TurnLimit
                              else stalled r (S (stall_turns s))
                  | None => stalled r (S (stall_turns s))
                  end) = None) as En.
    { replace (players r <=? passes) with false by (symmetry; apply Nat.leb_gt; assumption).
      assert (stalled r (S (stall_turns s)) = None) as St.
      { unfold stalled. destruct (stall_limit r) as [l|] eqn:Es; [|reflexivity].
        replace (l <=? S (stall_turns s)) with false; [reflexivity|].
        symmetry. apply Nat.leb_gt. apply Bs. simpl. assumption. }
      destruct (turn_limit r) as [l'|] eqn:Et; [|assumption].
      replace (l' <=? turn s) with false; [assumption|].
      symmetry. apply Nat.leb_gt. apply Bt. simpl. assumption. }
    rewrite En. set (f := S (current s) mod players r) in *.
    assert (f < length hs) as Hf by (unfold f; rewrite Hl; apply Nat.mod_upper_bound; lia).
    change (s_players (tr_rules r)) with (players r) in F |- *. fold f in F |- *.
    rewrite nth_tp in F.
    destruct (fills_complete r (nth f hs []) (draw_pile s) (completed s) h dp' aside' F)
      as (fresh & Pf & Ff).
    exists (shuf_for (completed s) fresh). split; [apply shuf_for_shuffle; assumption|].
    specialize (Ff (shuf_for (completed s) fresh) (shuf_for_comp (completed s) fresh)).
    destruct (fill r _ (nth f hs []) (draw_pile s) (completed s)) as [[h2 dp2] c2].
    destruct Ff as (<- & <- & <-).
    rewrite tr_state_mk. cbn [option_map]. rewrite <- set_nth_tp by assumption. reflexivity.
Qed.

Lemma team_of_unique r p t :
  teams_ok r -> p < players r -> TeamOf (tr_rules r) p t -> t = team_of r p.
Proof.
  intros Hok Hp. unfold TeamOf, team_of. simpl. destruct (teams r) as [ts|] eqn:E; [|auto].
  intros (tm & Ht & Hpt). destruct (Hok ts E) as (_ & Hd & _).
  symmetry. apply (team_index_nth p ts t tm); auto.
  intros i j ti tj Hi Hj H1 H2. apply (Hd i j ti tj p); assumption.
Qed.

Lemma pop_tr (pl : pile) p c :
  tp pl = p ++ [c] -> pl <> [] /\ c = tc (top pl) /\ p = tp (removelast pl).
Proof.
  intros E. destruct (top_tr pl p c E) as [Hne Hc]. split; [assumption|]. split; [assumption|].
  rewrite (split_top pl Hne) in E. apply app_inj_tail in E. symmetry. apply E.
Qed.

(** Completeness: every step of the specification from a well-formed state, for a move of
    the model, is the model's step for some shuffle (the one giving the order the
    specification's reshuffle chose, if any). *)
(* kind: rules *)
Theorem step_complete r s m s'' :
  teams_ok r -> wf r s -> Step (tr_rules r) (tr_state s) (tr_move m) s'' ->
  exists shuf s', is_shuffle shuf /\ step r shuf s m = Some s' /\ tr_state s' = s''.
Proof.
  intros Hok Hwf H.
  assert (legal r s m) as Hlegal by (apply (legal_refines r s m Hok Hwf); exists s''; assumption).
  assert (forall shuf, tr_state (perform r shuf s m) = s'' -> is_shuffle shuf ->
            exists shuf s', is_shuffle shuf /\ step r shuf s m = Some s' /\ tr_state s' = s'')
    as Fin.
  { intros shuf E Hs. exists shuf, (perform r shuf s m). split; [assumption|].
    split; [apply step_some; auto|assumption]. }
  destruct Hwf as [Hl Hc].
  assert (current s < length (hands s)) as Hch by lia.
  destruct Hlegal as [Hout Hm].
  destruct m as [c b|k b|d i b|c i|]; cbn [tr_move] in H; inversion H; subst.
  - destruct Hm as (_ & Hin & Hcb).
    match goal with T : TakeFromHand _ _ ?h' |- _ =>
      rewrite hand_tr in T; pose proof (take_unique _ _ _ _ T (remove_one_take c (hand s) Hin))
        as ->
    end.
    match goal with C : Continues _ _ _ _ _ _ _ _ _ |- _ =>
      simpl st_hands in C; rewrite set_nth_tp in C by assumption;
      destruct (continues_complete r s b c _ _ _ _ _ C (proj1 Hcb) ltac:(rewrite upd_length; assumption))
        as (shuf & Hs & E)
    end.
    apply (Fin shuf); assumption.
  - (* a stock play that does not win *)
    destruct Hm as (_ & Hk & Hne & Hcb).
    assert (k < length (stocks s)) as Hkl by (apply nth_nonempty_lt; assumption).
    match goal with E : nth k (st_stocks _) [] = _ ++ [_] |- _ =>
      simpl in E; rewrite nth_tp in E; apply pop_tr in E; destruct E as (_ & -> & ->) end.
    match goal with N : ~ TeamOut _ _ _, C : Continues _ _ _ _ _ _ _ _ _ |- _ =>
      simpl st_stocks in N, C; rewrite set_nth_tp in N, C by assumption;
      rewrite <- (team_out_refines r _ (current s) Hok Hc) in N;
      destruct (continues_complete r s b _ _ _ _ _ _ C (proj1 Hcb) Hch) as (shuf & Hs & E)
    end.
    apply (Fin shuf); [|assumption]. cbv beta iota zeta delta [perform].
    destruct (team_out r _ (current s)); [contradiction|]. assumption.
  - (* the stock play that wins *)
    destruct Hm as (_ & Hk & Hne & Hcb).
    assert (k < length (stocks s)) as Hkl by (apply nth_nonempty_lt; assumption).
    match goal with E : nth k (st_stocks _) [] = _ ++ [_] |- _ =>
      simpl in E; rewrite nth_tp in E; apply pop_tr in E; destruct E as (_ & -> & ->) end.
    match goal with T : TeamOut _ _ _, O : TeamOf _ _ _ |- _ =>
      simpl st_stocks in T; rewrite set_nth_tp in T by assumption;
      rewrite <- (team_out_refines r _ (current s) Hok Hc) in T;
      apply (team_of_unique r _ _ Hok Hc) in O; subst
    end.
    apply (Fin (fun l => l)); [|apply id_shuffle]. cbv beta iota zeta delta [perform].
    match goal with T : team_out r _ _ = true |- _ => rewrite T end.
    unfold after_play.
    match goal with P : Places _ _ _ _ _ _ |- _ =>
      pose proof (places_complete r s b _ _ _ P (proj1 Hcb)) as Pc end.
    destruct (place r s b _) as [b' c1]. destruct Pc as [<- <-].
    rewrite tr_state_mk. cbn [option_map tr_term]. simpl st_stocks.
    rewrite set_nth_tp by assumption. reflexivity.
  - destruct Hm as (_ & Hd & Hne & Hcb).
    destruct (nonempty_nth2_lt (discards s) d i Hne) as [Hdl Hil].
    match goal with E : nth i (nth d (st_discards _) []) [] = _ ++ [_] |- _ =>
      simpl in E; rewrite nth_tp2, nth_tp in E; apply pop_tr in E; destruct E as (_ & -> & ->) end.
    match goal with C : Continues _ _ _ _ _ _ _ _ _ |- _ =>
      simpl st_discards in C; rewrite nth_tp2, set_nth_tp, set_nth_tp2 in C by assumption;
      destruct (continues_complete r s b _ _ _ _ _ _ C (proj1 Hcb) Hch) as (shuf & Hs & E)
    end.
    apply (Fin shuf); assumption.
  - destruct Hm as (Hin & Hi).
    match goal with T : TakeFromHand _ _ ?h' |- _ =>
      rewrite hand_tr in T; pose proof (take_unique _ _ _ _ T (remove_one_take c (hand s) Hin))
        as ->
    end.
    match goal with O : OwnSet _ _ ?o |- _ =>
      apply (own_set_refines r (current s) o Hok Hc) in O; subst o end.
    set (o := own_set r (current s)) in *.
    assert (o < length (discards s)) as Hol.
    { apply nth_nonempty_lt. intros E. rewrite E in Hi. simpl in Hi. lia. }
    match goal with C : EndsTurn _ _ _ _ _ _ |- _ =>
      simpl st_discards in C; simpl st_hands in C; rewrite nth_tp2, nth_tp in C;
      replace (tp (nth i (nth o (discards s) []) []) ++ [tc c]) with
        (tp (nth i (nth o (discards s) []) [] ++ [c])) in C by (unfold tp; apply map_app);
      change (st_mover (tr_state s)) with (current s) in C;
      rewrite (set_nth_tp (nth o (discards s) [])) in C by assumption;
      rewrite set_nth_tp2 in C by assumption;
      rewrite (set_nth_tp (hands s)) in C by assumption;
      destruct (ends_complete r s _ _ _ _ C ltac:(rewrite upd_length; assumption) Hc)
        as (shuf & Hs & E)
    end.
    apply (Fin shuf); assumption.
  - match goal with C : EndsTurn _ _ _ _ _ _ |- _ =>
      destruct (ends_complete r s _ _ _ _ C Hl Hc) as (shuf & Hs & E) end.
    apply (Fin shuf); assumption.
Qed.

(** Every move the specification allows from a translated state is a move of the model. *)
(* kind: rules *)
Theorem spec_moves_are_model_moves r s m' s'' :
  Step (tr_rules r) (tr_state s) m' s'' -> exists m, m' = tr_move m.
Proof.
  intros H. destruct H.
  - apply take_in in H1. rewrite hand_tr in H1. unfold tp in H1. apply in_map_iff in H1.
    destruct H1 as (x & <- & _). exists (PlayFromHand x b). reflexivity.
  - exists (PlayFromStock k b). reflexivity.
  - exists (PlayFromStock k b). reflexivity.
  - exists (PlayFromDiscard d i b). reflexivity.
  - apply take_in in H0. rewrite hand_tr in H0. unfold tp in H0. apply in_map_iff in H0.
    destruct H0 as (x & <- & _). exists (Discard x i). reflexivity.
  - exists Pass. reflexivity.
Qed.

(** ** The deal, completely; every reachable state of the specification is the model's *)

Lemma concat_same_shape {A : Type} size (xs ys : list (list A)) x y :
  Forall (fun p => length p = size) xs -> Forall (fun p => length p = size) ys ->
  length xs = length ys -> concat xs ++ x = concat ys ++ y -> xs = ys /\ x = y.
Proof.
  revert ys; induction xs as [|a xs IH]; intros [|b ys] Fx Fy L E; simpl in *; try discriminate.
  - auto.
  - pose proof (Forall_inv Fx) as La. pose proof (Forall_inv_tail Fx) as Fx'.
    pose proof (Forall_inv Fy) as Lb. pose proof (Forall_inv_tail Fy) as Fy'. cbv beta in La, Lb.
    rewrite <- !app_assoc in E.
    assert (a = b) as <-.
    { rewrite <- (firstn_app_len a (concat xs ++ x)), <- (firstn_app_len b (concat ys ++ y)).
      rewrite La, Lb, E. reflexivity. }
    apply app_inv_head in E. destruct (IH ys Fx' Fy' ltac:(lia) E) as [-> ->]. auto.
Qed.

(** R-SETUP-2/3/4/7: the specification's deal of an order is the model's deal of it. *)
(* kind: rules *)
Theorem deal_complete r order s :
  first_player r < players r -> Deal (tr_rules r) (tp order) s -> s = tr_state (deal r order).
Proof.
  intros Hf H. destruct H as [stocks rest h dp aside Ls Fs Eo F]. cbn [StockPiles] in *.
  change (StockPiles (tr_rules r)) with (stock_pile_count r) in *.
  change (s_stock_size (tr_rules r)) with (stock_size r) in Fs.
  assert (stock_pile_count r * stock_size r <= length order) as Hlen.
  { assert (length (concat stocks) = stock_pile_count r * stock_size r) as Lc.
    { rewrite <- Ls. clear -Fs. induction stocks as [|p ps IH]; simpl; [reflexivity|].
      inversion Fs; subst. rewrite app_length, IH by assumption. lia. }
    apply (f_equal (@length Card)) in Eo. unfold tp in Eo. rewrite map_length, app_length in Eo.
    lia. }
  pose proof (deal_refines r order Hf Hlen) as D.
  unfold deal in D |- *.
  pose proof (deal_stocks_shape (stock_pile_count r) (stock_size r) order Hlen) as Hsh.
  destruct (deal_stocks _ _ _) as [stk rest']. destruct Hsh as (E & L & F').
  assert (map tp stk = stocks /\ tp rest' = rest) as [<- <-].
  { apply (concat_same_shape (stock_size r)).
    - apply Forall_map. apply Forall_impl with (2 := F'). intros p Hp. unfold tp.
      rewrite map_length. assumption.
    - assumption.
    - rewrite map_length. lia.
    - rewrite <- Eo, <- E. unfold tp. rewrite map_app, concat_map. reflexivity. }
  destruct (fills_complete r [] rest' [] h dp aside F) as (fresh & Pf & Ff).
  apply Permutation_nil in Pf. subst fresh.
  specialize (Ff (fun l => l) eq_refl).
  destruct (fill r _ [] rest' []) as [[h2 dp2] c2]. destruct Ff as (<- & <- & <-).
  rewrite tr_state_mk. cbn [option_map].
  rewrite map_upd, !map_repeat', upd_set_nth by (rewrite repeat_length; assumption).
  reflexivity.
Qed.

(** Every state a game of the specification can reach is the translation of a state the
    model reaches, for the same deck order. *)
(* kind: rules *)
Theorem spec_reachable_model r order s :
  valid r -> teams_ok r -> SReachable (tr_rules r) (tp order) s ->
  exists s0, reachable r order s0 /\ tr_state s0 = s.
Proof.
  intros Hv Hok H. pose proof Hv as (Hf & Hh & _).
  induction H as [s D | s m' s'' Hr IH Hs].
  - exists (deal r order). split; [constructor|]. symmetry. apply deal_complete; assumption.
  - destruct IH as (s0 & R0 & <-).
    destruct (reachable_invariants r order s0 Hf Hh R0) as (W & _).
    destruct (spec_moves_are_model_moves r s0 m' s'' Hs) as (m & ->).
    destruct (step_complete r s0 m s'' Hok W Hs) as (shuf & s1 & Hsh & St & <-).
    exists s1. split; [|reflexivity]. apply (reach_step r order s0 m s1 shuf); assumption.
Qed.

(** No dead end, over the specification: every state a game of the rules can reach that
    is not over has a legal move. *)
(* kind: rules *)
Theorem spec_no_dead_end r order s :
  valid r -> teams_ok r -> SReachable (tr_rules r) (tp order) s -> st_over s = None ->
  exists m s', Step (tr_rules r) s m s'.
Proof.
  intros Hv Hok H Hover. destruct (spec_reachable_model r order s Hv Hok H) as (s0 & R0 & <-).
  pose proof Hv as (Hf & Hh & _).
  destruct (reachable_invariants r order s0 Hf Hh R0) as (W & _).
  assert (outcome s0 = None) as Hout by (apply over_tr; assumption).
  pose proof (no_dead_end r order s0 Hv R0 Hout) as Hne.
  destruct (legal_moves r s0) as [|m ms] eqn:E; [contradiction|].
  assert (In m (legal_moves r s0)) as Hin by (rewrite E; left; reflexivity).
  apply (legal_moves_refine r s0 m Hok W) in Hin. destruct Hin as (s' & St).
  exists (tr_move m), s'. assumption.
Qed.

(** ** Every game of the specification ends (R-WIN-4) *)

Lemma smoves_model r order s0 n s :
  valid r -> teams_ok r -> reachable r order s0 -> SMoves (tr_rules r) (tr_state s0) n s ->
  exists s1, moves r s0 n s1 /\ tr_state s1 = s.
Proof.
  intros Hv Hok Hr H. pose proof Hv as (Hf & Hh & _).
  remember (tr_state s0) as t0 eqn:Et. revert s0 Et Hr.
  induction H as [t|t m' t1 n t2 Hs H IH]; intros s0 Et Hr; subst.
  - exists s0. split; [apply moves_none|reflexivity].
  - destruct (reachable_invariants r order s0 Hf Hh Hr) as (W & _).
    destruct (spec_moves_are_model_moves r s0 m' t1 Hs) as (m & ->).
    destruct (step_complete r s0 m t1 Hok W Hs) as (shuf & s1 & Hsh & St & <-).
    destruct (IH s1 eq_refl (reach_step r order s0 m s1 shuf Hr Hsh St)) as (s2 & Hm & <-).
    exists s2. split; [|reflexivity]. apply (moves_step r s0 m s1 shuf n s2 St Hm).
Qed.

(** R-WIN-4, over the specification: with a turn move limit [T] and a stall limit [L],
    every sequence of legal moves from a deal has at most
    ((S + 1) * L + 1) * (T + 1) moves, S the cards dealt to the stock piles. *)
(* kind: rules *)
Theorem spec_game_ends r order T L s0 n s :
  valid r -> teams_ok r ->
  s_turn_move_limit (tr_rules r) = Some T -> s_stall_limit (tr_rules r) = Some L ->
  Deal (tr_rules r) (tp order) s0 -> SMoves (tr_rules r) s0 n s ->
  n <= ((StockPiles (tr_rules r) * s_stock_size (tr_rules r) + 1) * L + 1) * (T + 1).
Proof.
  intros Hv Hok HT HL D H. pose proof Hv as (Hf & _).
  rewrite (deal_complete r order s0 Hf D) in H.
  destruct (smoves_model r order (deal r order) n s Hv Hok (reach_deal r order) H)
    as (s1 & Hm & _).
  apply (game_ends r order T L n s1 HT HL Hm).
Qed.
