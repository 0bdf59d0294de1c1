(** * Skyjo: a whole game, as a Coq model (SKYJO_RULES.md), and its theorems.

    Skyjo.v models a round's play from its first turn to its scoring; this file puts
    rounds together into a game: the deal of a shuffled deck (S-SETUP-2/3), the two
    reveals each player chooses (S-SETUP-4: chosen in seat order, turned up together
    once everyone has chosen), the first turn's seat (S-SETUP-5), the round's play as
    Skyjo.v has it, and after a scored round either the game's end (S-SCORE-3: a total
    at the end score or above) or the next round's deal.

    The shuffle is an input, as in Skip-Bo's model and Skyjo.v's reshuffle: each step
    takes a function [shuf] that gives the order of the cards it is handed, the
    discard pile's for a reshuffle (S-DRAW-1) and the whole deck's, in increasing
    order, for the next round's deal; [greachable] lets every step have its own.
    Every theorem holds whatever the orders are (only the conservation of the cards
    needs each order to be a permutation). *)

From Coq Require Import List Arith ZArith Bool Lia Permutation.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Skyjo.

(** The rules a game needs beyond a round's: the rounds after which the game ends at the
    latest (S-END-3), the deck, as (value, copies) pairs in increasing order of value
    (S-DECK-2), and the end score (S-SCORE-3). *)
Record grules := mkGRules {
  gplayers : nat;
  gturn_limit : option nat;
  gstall_limit : option nat;
  ground_limit : option nat;
  gcopies : list (Z * nat);
  gend_score : Z
}.

Definition round_rules (r : grules) : srules :=
  mkSRules (gplayers r) (gturn_limit r) (gstall_limit r).

(** The deck's cards in increasing order: the cards a deal shuffles. *)
Definition gdeck (r : grules) : list Z := flat_map (fun '(v, n) => repeat v n) (gcopies r).

(** S-DECK-1: the standard deck, five -2, ten -1, fifteen 0 and ten each of 1 to 12. *)
Definition standard_copies : list (Z * nat) :=
  [((-2)%Z, 5); ((-1)%Z, 10); (0%Z, 15)] ++ map (fun v => (Z.of_nat v, 10)) (seq 1 12).

Example standard_deck_size :
  length (gdeck (mkGRules 2 None None None standard_copies 100)) = 150.
Proof. reflexivity. Qed.

(** A finished round: the grid sums (S-SCORE-1), the round ender, the scores (S-SCORE-2). *)
Definition round_record := (list Z * option nat * list Z)%type.

Record gstate := mkGState {
  ground : sstate;                         (** the round being played (Skyjo.v) *)
  grevealing : bool;                       (** the reveals of S-SETUP-4 are being chosen *)
  greveals : list (option (nat * nat));   (** each seat's choice, not shown yet *)
  gstarter : nat;                          (** the seat that begins the round's play *)
  gnumber : nat;                           (** the round, from 1 *)
  ghistory : list round_record             (** the finished rounds *)
}.

Inductive gmove := GReveal (a b : nat) | GTurn (m : smove).

(** ** The deal (S-SETUP-2, S-SETUP-3) *)

(** Each player gets the next 12 cards of the order as places 0 to 11, face down. *)
Fixpoint deal_grids (n : nat) (order : list Z) : list grid * list Z :=
  match n with
  | 0 => ([], order)
  | S k =>
      let '(gs, rest) := deal_grids k (skipn 12 order) in
      (map Down (firstn 12 order) :: gs, rest)
  end.

(** The next card starts the discard pile, the rest is the draw pile (top at the end). *)
Definition deal_round (r : grules) (order : list Z) (starter number : nat)
    (history : list round_record) : gstate :=
  let '(gs, rest) := deal_grids (gplayers r) order in
  mkGState (mkSState gs (firstn 1 rest) (skipn 1 rest) 0 Take 0 0 None)
    true (repeat None (gplayers r)) starter number history.

(** The first round, dealt from [order]. *)
Definition new_game (r : grules) (order : list Z) : gstate := deal_round r order 0 1 [].

(** ** The reveals (S-SETUP-4, S-SETUP-5) *)

Fixpoint reveal_places (ps : list nat) (i : nat) (g : grid) : grid :=
  match g with
  | [] => []
  | q :: rest => (if existsb (Nat.eqb i) ps then reveal q else q) :: reveal_places ps (S i) rest
  end.

Definition reveal_choice (c : option (nat * nat)) (g : grid) : grid :=
  match c with Some (a, b) => reveal_places [a; b] 0 g | None => g end.

Fixpoint reveal_grids (cs : list (option (nat * nat))) (gs : list grid) : list grid :=
  match gs with
  | [] => []
  | g :: rest => reveal_choice (hd None cs) g :: reveal_grids (tl cs) rest
  end.

Definition place_value (q : place) : Z := match q with Gone => 0 | Down v | Up v => v end.

Definition revealed_sum (c : option (nat * nat)) (g : grid) : Z :=
  match c with
  | Some (a, b) => (place_value (nth a g Gone) + place_value (nth b g Gone))%Z
  | None => 0%Z
  end.

Fixpoint revealed_sums (cs : list (option (nat * nat))) (gs : list grid) : list Z :=
  match gs with
  | [] => []
  | g :: rest => revealed_sum (hd None cs) g :: revealed_sums (tl cs) rest
  end.

(** The seat of the highest sum, the earliest among the tied (S-SETUP-5). *)
Fixpoint best_seat (sums : list Z) (i best : nat) (high : Z) : nat :=
  match sums with
  | [] => best
  | v :: rest =>
      if (high <? v)%Z then best_seat rest (S i) i v else best_seat rest (S i) best high
  end.

Definition first_starter (sums : list Z) : nat :=
  match sums with [] => 0 | v :: rest => best_seat rest 1 0 v end.

Definition is_takeb (p : phase) : bool := match p with Take => true | _ => false end.

(** Two face-down places, in increasing order, before the round's first turn. *)
Definition greveal_legalb (s : gstate) (a b : nat) : bool :=
  let g := sgrid (ground s) in
  grevealing s && is_takeb (sphase (ground s)) && (a <? b)
  && is_downb (nth a g Gone) && is_downb (nth b g Gone).

Definition with_round (s : gstate) (rs : sstate) : gstate :=
  mkGState rs (grevealing s) (greveals s) (gstarter s) (gnumber s) (ghistory s).

(** A seat's choice is kept hidden until the last seat has chosen; then every grid
    turns its two cards up and the starter takes the first turn. *)
Definition reveal_step (r : grules) (s : gstate) (a b : nat) : gstate :=
  let rs := ground s in
  let seat := scurrent rs in
  let cs := upd (greveals s) seat (Some (a, b)) in
  if S seat <? gplayers r then
    mkGState (mkSState (grids rs) (discard_pile rs) (sdraw_pile rs) (S seat) (sphase rs)
                (turns rs) (sstall_turns rs) (ender rs))
      true cs (gstarter s) (gnumber s) (ghistory s)
  else
    let starter :=
      if Nat.eqb (gnumber s) 1 then first_starter (revealed_sums cs (grids rs)) else gstarter s in
    mkGState (mkSState (reveal_grids cs (grids rs)) (discard_pile rs) (sdraw_pile rs) starter
                (sphase rs) (turns rs) (sstall_turns rs) (ender rs))
      false (repeat None (gplayers r)) starter (gnumber s) (ghistory s).

(** ** Totals and the game's end (S-SCORE-3) *)

Definition totals (players : nat) (h : list round_record) : list Z :=
  map (fun i => fold_right Z.add 0%Z (map (fun '(_, _, sc) => nth i sc 0%Z) h))
      (seq 0 players).

Definition game_ends (r : grules) (h : list round_record) : bool :=
  existsb (fun t => (gend_score r <=? t)%Z) (totals (gplayers r) h).

(** S-END-3: the round numbered [n], just scored, is the last the round limit allows. *)
Definition last_round (r : grules) (n : nat) : bool :=
  match ground_limit r with Some l => l <=? n | None => false end.

Definition lowest (ts : list Z) : Z := fold_right Z.min (hd 0%Z ts) ts.

(** The seats with the lowest total: the winners, who share a tie. *)
Definition winners (players : nat) (h : list round_record) : list nat :=
  let ts := totals players h in
  filter (fun i => (nth i ts 0 =? lowest ts)%Z) (seq 0 players).

Definition is_scored (p : phase) : bool := match p with Scored _ => true | _ => false end.

Definition gover (s : gstate) : bool := negb (grevealing s) && is_scored (sphase (ground s)).

(** S-SETUP-5: the round ender starts the next round; after the turn limit, the seat
    after the previous round's starter. *)
Definition next_starter (r : grules) (s : gstate) (e : option nat) : nat :=
  match e with Some x => x | None => S (gstarter s) mod gplayers r end.

(** After a turn: a scored round is recorded; the game ends, or the next round is
    dealt from the deck in the order the shuffle gives (S-SETUP-2). *)
Definition after_turn (r : grules) (shuf : list Z -> list Z) (s : gstate) (rs : sstate)
    : gstate :=
  match sphase rs with
  | Scored sc =>
      let h := ghistory s ++ [(map grid_sum (grids rs), ender rs, sc)] in
      if game_ends r h || last_round r (gnumber s)
      then mkGState rs false (greveals s) (gstarter s) (gnumber s) h
      else deal_round r (shuf (gdeck r)) (next_starter r s (ender rs)) (S (gnumber s)) h
  | _ => with_round s rs
  end.

Definition gstep (r : grules) (shuf : list Z -> list Z) (s : gstate) (m : gmove)
    : option gstate :=
  match m with
  | GReveal a b => if greveal_legalb s a b then Some (reveal_step r s a b) else None
  | GTurn t =>
      if grevealing s then None else
      match sstep (round_rules r) shuf (ground s) t with
      | Some rs => Some (after_turn r shuf s rs)
      | None => None
      end
  end.

(** ** Legality, declaratively, and the legal moves *)

Definition glegal (s : gstate) (m : gmove) : Prop :=
  match m with
  | GReveal a b =>
      grevealing s = true /\ sphase (ground s) = Take /\ a < b
      /\ (exists v, nth a (sgrid (ground s)) Gone = Down v)
      /\ (exists w, nth b (sgrid (ground s)) Gone = Down w)
  | GTurn t => grevealing s = false /\ slegal (ground s) t
  end.

Definition downs (g : grid) : list nat :=
  filter (fun p => is_downb (nth p g Gone)) (seq 0 (length g)).

Definition glegal_moves (s : gstate) : list gmove :=
  if grevealing s then
    let g := sgrid (ground s) in
    if negb (is_takeb (sphase (ground s))) then [] else
    flat_map (fun a => map (GReveal a) (filter (fun b => a <? b) (downs g))) (downs g)
  else map GTurn (slegal_moves (ground s)).

Lemma is_downb_spec q : is_downb q = true <-> exists v, q = Down v.
Proof. destruct q; simpl; split; intros H; try discriminate; eauto; destruct H; discriminate. Qed.

Lemma in_downs g p : In p (downs g) <-> exists v, nth p g Gone = Down v.
Proof.
  unfold downs. rewrite filter_In, in_seq, is_downb_spec. split.
  - intros [_ H]. exact H.
  - intros H. split; [|exact H]. split; [lia|]. apply nth_lt_place.
    destruct H as [v E]. rewrite E. discriminate.
Qed.

(** The legal moves, reveals included, are sound and complete for [glegal]. *)
(* kind: rules *)
Theorem glegal_moves_correct s m : In m (glegal_moves s) <-> glegal s m.
Proof.
  unfold glegal_moves, glegal. destruct (grevealing s) eqn:R.
  - destruct (sphase (ground s)) eqn:P; simpl;
      [|split; [intros []|destruct m; intros H; decompose [and] H; congruence]..].
    rewrite in_flat_map. destruct m as [a b|t]; split; intros H.
    + destruct H as (a' & Ha & Hb). apply in_map_iff in Hb. destruct Hb as (b' & E & Hb).
      injection E as -> ->. apply filter_In in Hb. destruct Hb as [Hb L].
      apply Nat.ltb_lt in L. apply in_downs in Ha, Hb. auto.
    + destruct H as (_ & _ & L & Ha & Hb). exists a. split; [apply in_downs; exact Ha|].
      apply in_map_iff. exists b. split; [reflexivity|]. apply filter_In.
      split; [apply in_downs; exact Hb|]. apply Nat.ltb_lt. exact L.
    + destruct H as (a' & _ & Hb). apply in_map_iff in Hb. destruct Hb as (? & E & _).
      discriminate.
    + destruct H as [E _]. discriminate.
  - destruct m as [a b|t]; split; intros H.
    + apply in_map_iff in H. destruct H as (? & E & _). discriminate.
    + destruct H as [E _]. discriminate.
    + apply in_map_iff in H. destruct H as (t' & E & H). injection E as ->.
      split; [reflexivity|]. apply slegal_moves_correct. exact H.
    + apply in_map_iff. exists t. split; [reflexivity|]. apply slegal_moves_correct. apply H.
Qed.

Lemma greveal_legalb_spec s a b :
  greveal_legalb s a b = true <-> glegal s (GReveal a b).
Proof.
  unfold greveal_legalb, glegal. rewrite !andb_true_iff, Nat.ltb_lt, !is_downb_spec.
  assert (T : is_takeb (sphase (ground s)) = true <-> sphase (ground s) = Take)
    by (destruct (sphase (ground s)); simpl; split; intros; congruence).
  rewrite T. split; intros H; decompose [and ex] H; repeat split; eauto.
Qed.

(** The step is defined exactly on the legal moves, reveals included. *)
(* kind: restates *)
Theorem gstep_defined r shuf s m : gstep r shuf s m <> None <-> glegal s m.
Proof.
  destruct m as [a b|t].
  - rewrite <- greveal_legalb_spec. simpl. destruct (greveal_legalb s a b); split; intros H;
      try discriminate; try congruence; exfalso; apply H; reflexivity.
  - simpl. rewrite <- (sstep_defined (round_rules r) shuf). destruct (grevealing s).
    + split; [intros H; exfalso; apply H; reflexivity|intros [E _]; discriminate].
    + destruct (sstep (round_rules r) shuf (ground s) t); split; intros H.
      * split; [reflexivity|discriminate].
      * discriminate.
      * exfalso; apply H; reflexivity.
      * destruct H as [_ H]. exfalso; apply H; reflexivity.
Qed.

(** ** The game's end *)

(** No move after the game's end: nothing is legal and no step is taken. *)
(* kind: restates *)
Theorem no_move_after_game_end r shuf s m :
  gover s = true -> glegal_moves s = [] /\ gstep r shuf s m = None.
Proof.
  unfold gover. intros H. apply andb_true_iff in H. destruct H as [R P].
  apply negb_true_iff in R. unfold is_scored in P.
  destruct (sphase (ground s)) as [| |sc] eqn:E; try discriminate.
  unfold glegal_moves, slegal_moves. rewrite R, E. split; [reflexivity|].
  destruct m as [a b|t]; simpl.
  - unfold greveal_legalb. rewrite R. reflexivity.
  - rewrite R. unfold sstep, slegalb. rewrite E. destruct t; reflexivity.
Qed.

Lemma existsb_app_r {A} (f : A -> bool) l x : existsb f (l ++ [x]) = existsb f l || f x.
Proof. rewrite existsb_app. simpl. rewrite orb_false_r. reflexivity. Qed.

(** S-SCORE-3, S-END-3: a step ends the game exactly when the round it scores brings a
    total to the end score, or is the last round the round limit allows; the game's end
    holds the finished round, scored, as its last. *)
(* kind: restates *)
Theorem game_end_exact r shuf s m s' :
  gstep r shuf s m = Some s' ->
  (gover s' = true <->
   exists sc, sphase (ground s') = Scored sc
              /\ (game_ends r (ghistory s') = true \/ last_round r (gnumber s') = true)
              /\ ghistory s' = ghistory s ++ [(map grid_sum (grids (ground s')),
                                                ender (ground s'), sc)]).
Proof.
  destruct m as [a b|t]; simpl; intros H.
  - destruct (greveal_legalb s a b) eqn:L; [|discriminate]. injection H as <-.
    apply greveal_legalb_spec in L. destruct L as (_ & P & _).
    unfold reveal_step, gover. rewrite P.
    destruct (S (scurrent (ground s)) <? gplayers r); simpl; rewrite ?P; simpl;
      split; intros H; try discriminate H; destruct H as (sc & E & _); discriminate.
  - destruct (grevealing s); [discriminate|].
    destruct (sstep (round_rules r) shuf (ground s) t) as [rs|]; [|discriminate].
    injection H as <-. unfold after_turn.
    destruct (sphase rs) as [| |sc] eqn:P.
    + unfold with_round, gover. simpl. rewrite P. simpl. rewrite andb_false_r.
      split; [intros C; discriminate C|]. intros (sc & E & _). congruence.
    + unfold with_round, gover. simpl. rewrite P. simpl. rewrite andb_false_r.
      split; [intros C; discriminate C|]. intros (sc & E & _). congruence.
    + destruct (game_ends r _ || last_round r _) eqn:G.
      * unfold gover. simpl. rewrite P. split; [intros _|reflexivity].
        exists sc. apply orb_true_iff in G. auto.
      * unfold deal_round. destruct (deal_grids _ _). unfold gover. simpl.
        split; [intros C; simpl in C; discriminate C|]. intros (sc' & E & _). discriminate.
Qed.

(** ** Conservation *)

Lemma grid_cards_map_down l : grid_cards (map Down l) = l.
Proof. induction l as [|x l IH]; [reflexivity|]. simpl. rewrite IH. reflexivity. Qed.

Lemma deal_grids_cards n order :
  let '(gs, rest) := deal_grids n order in concat (map grid_cards gs) ++ rest = order.
Proof.
  revert order; induction n as [|n IH]; intros order; [reflexivity|]. cbn [deal_grids].
  specialize (IH (skipn 12 order)). destruct (deal_grids n (skipn 12 order)) as [gs rest].
  cbn [map concat]. rewrite grid_cards_map_down, <- app_assoc, IH. apply firstn_skipn.
Qed.

(** S-SETUP-2/3: a deal places every card of the order, each once: the grids', the
    discard pile's and the draw pile's cards are the order itself. *)
(* kind: rules *)
Theorem deal_conserves r order starter number history :
  sall_cards (ground (deal_round r order starter number history)) = order.
Proof.
  unfold deal_round. pose proof (deal_grids_cards (gplayers r) order) as H.
  destruct (deal_grids (gplayers r) order) as [gs rest]. unfold sall_cards, held_cards.
  cbn [ground grids discard_pile sdraw_pile sphase]. rewrite app_nil_r, firstn_skipn. exact H.
Qed.

Lemma reveal_places_cards ps i g : grid_cards (reveal_places ps i g) = grid_cards g.
Proof.
  revert i; induction g as [|q g IH]; intros i; [reflexivity|]. unfold grid_cards in *.
  simpl. rewrite IH. destruct (existsb _ ps); [destruct q|]; reflexivity.
Qed.

Lemma reveal_grids_cards cs gs :
  concat (map grid_cards (reveal_grids cs gs)) = concat (map grid_cards gs).
Proof.
  revert cs; induction gs as [|g gs IH]; intros cs; [reflexivity|]. simpl. rewrite IH.
  destruct (hd None cs) as [[a b]|]; simpl; rewrite ?reveal_places_cards; reflexivity.
Qed.

(** Conservation over a whole game: a step keeps every card (as Skyjo.v's round step
    does), or it deals the next round from the order the shuffle gives, which places
    every card of the deck (when the shuffle permutes what it is given). *)
(* kind: rules *)
Theorem gstep_conserves r shuf s m s' x :
  (forall l, Permutation (shuf l) l) -> gstep r shuf s m = Some s' ->
  zcnt x (sall_cards (ground s')) = zcnt x (sall_cards (ground s))
  \/ (gnumber s' = S (gnumber s) /\ Permutation (sall_cards (ground s')) (gdeck r)).
Proof.
  intros Hs H. destruct m as [a b|t]; simpl in H.
  - destruct (greveal_legalb s a b); [|discriminate]. injection H as <-. left.
    unfold reveal_step. destruct (S (scurrent (ground s)) <? gplayers r);
      unfold sall_cards, held_cards; simpl; rewrite ?reveal_grids_cards; reflexivity.
  - destruct (grevealing s); [discriminate|].
    destruct (sstep (round_rules r) shuf (ground s) t) as [rs|] eqn:E; [|discriminate].
    injection H as <-. pose proof (sstep_conserves _ _ _ _ _ x Hs E) as C.
    unfold after_turn. destruct (sphase rs) as [| |sc]; [left; exact C|left; exact C|].
    destruct (game_ends r _ || last_round r _); [left; exact C|].
    right. split; [unfold deal_round; destruct (deal_grids _ _); reflexivity|].
    rewrite deal_conserves. apply Hs.
Qed.

(** ** The reveals and the first turn (S-SETUP-4, S-SETUP-5) *)

(** S-SETUP-4: until the last seat has chosen, nothing is turned up and the next seat
    chooses; then the round's play begins with the starter to move (taking a card: a
    deal's phase is [Take], and no reveal changes it). *)
(* kind: restates *)
Theorem reveal_step_spec r shuf s a b s' :
  gstep r shuf s (GReveal a b) = Some s' ->
  (S (scurrent (ground s)) < gplayers r /\ grevealing s' = true
   /\ grids (ground s') = grids (ground s) /\ scurrent (ground s') = S (scurrent (ground s)))
  \/ (gplayers r <= S (scurrent (ground s)) /\ grevealing s' = false
      /\ sphase (ground s') = sphase (ground s) /\ scurrent (ground s') = gstarter s').
Proof.
  simpl. destruct (greveal_legalb s a b); [|discriminate]. intros H. injection H as <-.
  unfold reveal_step. destruct (Nat.ltb_spec (S (scurrent (ground s))) (gplayers r)).
  - left. simpl. auto.
  - right. simpl. auto.
Qed.

(** S-SETUP-5: from the second round on, the previous round's ender starts; after a
    round with no ender (the turn limit), the seat after the previous starter. *)
(* kind: restates *)
Theorem next_round_starter r shuf s m s' :
  gstep r shuf s m = Some s' -> gnumber s' = S (gnumber s) ->
  exists e, gstarter s' = next_starter r s e /\ grevealing s' = true
            /\ scurrent (ground s') = 0 /\ length (ghistory s') = S (length (ghistory s)).
Proof.
  intros H Hn. destruct m as [a b|t]; simpl in H.
  - destruct (greveal_legalb s a b); [|discriminate]. injection H as <-.
    unfold reveal_step in Hn. destruct (_ <? _); simpl in Hn; lia.
  - destruct (grevealing s); [discriminate|].
    destruct (sstep (round_rules r) shuf (ground s) t) as [rs|]; [|discriminate].
    injection H as <-. unfold after_turn in *.
    destruct (sphase rs) as [| |sc]; [simpl in Hn; lia|simpl in Hn; lia|].
    destruct (game_ends r _ || last_round r _); [simpl in Hn; lia|].
    exists (ender rs). unfold deal_round in *. destruct (deal_grids _ _). simpl.
    rewrite app_length. simpl. repeat split; lia.
Qed.

(** ** Every reachable game *)

(** The games reachable from a deal of the deck by legal moves, each shuffle (a
    reshuffle, a new round's deal) any permutation of what it is given. *)
Inductive greachable (r : grules) : gstate -> Prop :=
  | greach_deal order :
      Permutation order (gdeck r) -> greachable r (new_game r order)
  | greach_step shuf s m s' :
      (forall l, Permutation (shuf l) l) -> greachable r s -> gstep r shuf s m = Some s' ->
      greachable r s'.

(** In every reachable game the cards on the table are exactly the deck's, whatever
    the shuffles gave and however many rounds were dealt (S-DECK-1/2, S-SETUP-2). *)
(* kind: rules *)
Theorem greachable_conserves r s :
  greachable r s -> Permutation (sall_cards (ground s)) (gdeck r).
Proof.
  intros H. induction H as [order P|shuf s m s' Hs _ IH E].
  - unfold new_game. rewrite deal_conserves. exact P.
  - apply (Permutation_count_occ Z.eq_dec). intros x.
    destruct (gstep_conserves r shuf s m s' x Hs E) as [C|[_ P]].
    + unfold zcnt in C. rewrite C. apply (Permutation_count_occ Z.eq_dec). exact IH.
    + apply (Permutation_count_occ Z.eq_dec). exact P.
Qed.

(** ** The first round's starter (S-SETUP-5) *)

Lemma best_seat_correct rest : forall P best high,
  best < length P -> nth best P 0%Z = high ->
  (forall j, j < length P -> (nth j P 0 <= high)%Z) ->
  (forall j, j < best -> (nth j P 0 < high)%Z) ->
  let b := best_seat rest (length P) best high in
  b < length (P ++ rest)
  /\ (forall j, j < length (P ++ rest) -> (nth j (P ++ rest) 0 <= nth b (P ++ rest) 0)%Z)
  /\ (forall j, j < b -> (nth j (P ++ rest) 0 < nth b (P ++ rest) 0)%Z).
Proof.
  induction rest as [|v rest IH]; intros P best high Hb Hh Hle Hlt; simpl.
  - rewrite app_nil_r. rewrite Hh. auto.
  - assert (Lv : nth (length P) (P ++ [v]) 0%Z = v).
    { rewrite app_nth2 by lia. rewrite Nat.sub_diag. reflexivity. }
    assert (Lp : forall j, j < length P -> nth j (P ++ [v]) 0%Z = nth j P 0%Z).
    { intros j Hj. apply app_nth1. exact Hj. }
    assert (Len : length (P ++ [v]) = S (length P)) by (rewrite app_length; simpl; lia).
    replace (P ++ v :: rest) with ((P ++ [v]) ++ rest) by (rewrite <- app_assoc; reflexivity).
    destruct (Z.ltb_spec high v) as [Hv|Hv].
    + rewrite <- Len. apply IH.
      * lia.
      * exact Lv.
      * intros j Hj. rewrite Len in Hj. destruct (Nat.eq_dec j (length P)) as [->|Hne].
        -- rewrite Lv. lia.
        -- rewrite Lp by lia. specialize (Hle j ltac:(lia)). lia.
      * intros j Hj. rewrite Lp by lia. specialize (Hle j Hj). lia.
    + rewrite <- Len. apply IH.
      * lia.
      * rewrite Lp by lia. exact Hh.
      * intros j Hj. rewrite Len in Hj. destruct (Nat.eq_dec j (length P)) as [->|Hne].
        -- rewrite Lv. lia.
        -- rewrite Lp by lia. apply Hle. lia.
      * intros j Hj. rewrite Lp by lia. apply Hlt. exact Hj.
Qed.

(** S-SETUP-5: the first round's starter is a seat whose two face-up cards have the
    highest sum, the earliest of the tied. *)
(* kind: rules *)
Theorem first_starter_correct sums :
  sums <> [] ->
  let b := first_starter sums in
  b < length sums
  /\ (forall j, j < length sums -> (nth j sums 0 <= nth b sums 0)%Z)
  /\ (forall j, j < b -> (nth j sums 0 < nth b sums 0)%Z).
Proof.
  destruct sums as [|v rest]; [contradiction|]. intros _.
  apply (best_seat_correct rest [v] 0 v); simpl; auto; intros j Hj; try lia.
  destruct j; [lia|simpl in Hj; lia].
Qed.

(** ** The defaults of the rules, each on its own (as SkipBo.v's): the standard deck
    ([standard_copies], S-DECK-1), the end score of S-SCORE-3 and no turn limit. *)
Definition gdefault_end_score : Z := 100.          (** S-SCORE-3 *)
Definition gdefault_turn_limit : option nat := None. (** S-END-3: off by default *)
Definition gdefault_stall_limit : option nat := Some 500.  (** S-END-3 *)
Definition gdefault_round_limit : option nat := Some 100.  (** S-END-3 *)
