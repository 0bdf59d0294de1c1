(** * Skip-Bo: the rules as a specification, apart from the executable model.

    Written from the rules (docs/rules.md, the shared RULES.md) rule by rule, and
    importing nothing of the model (SkipBo.v and the files proving things about it):
    its own cards, piles, rules record, state and moves, and relations instead of
    functions.  A legal move and its result are the inductive relation [Step r s m s']:
    one constructor per way a move can go, each naming the rules it follows.  The
    refill ([Fills]), the reshuffle ([Reshuffle], any permutation of the set-aside
    cards) and the deal ([Deal]) are relations too.  RefineSkipBo.v proves that the
    model's [legal_moves] and [step] refine this specification.

    Conventions (of the rules' presentation, not of the model): a stock, discard or
    draw pile is listed bottom first, its top card last; a build pile is listed bottom
    first; the order of a hand carries no meaning, and a card taken from the hand is
    its first copy; drawn cards join the hand at its end, in pile order. *)

From Coq Require Import List Arith Lia Permutation.
Import ListNotations.

(** ** Cards and piles (R-DECK-1, R-DECK-2) *)

Inductive Card := Wild | Num (v : nat).

Definition Pile := list Card.

(** The list [l] with its [i]-th element replaced by [x] ([i] within [l]). *)
Definition set_nth {A : Type} (l : list A) (i : nat) (x : A) : list A :=
  firstn i l ++ x :: skipn (S i) l.

(** ** The rules record: the parameters the rules leave open *)

Record SRules := mkSRules {
  s_players : nat;                        (** R-SETUP-1, R-TEAM-5 *)
  s_teams : option (list (list nat));     (** R-TEAM-5: the seats of each team *)
  s_shared : bool;                        (** R-TEAM-2 (else R-TEAM-1) *)
  s_highest : nat;                        (** R-DECK-2, R-BUILD-4: 12 by default *)
  s_stock_size : nat;                     (** R-SETUP-2 *)
  s_hand_size : nat;                      (** R-TURN-1: five by default *)
  s_build_piles : nat;                    (** R-BUILD-1: four *)
  s_discard_piles : nat;                  (** R-DISC-1: four *)
  s_first : nat;                          (** R-SETUP-5 (c) *)
  s_turn_limit : option nat;              (** R-WIN-2 *)
  s_turn_move_limit : option nat;         (** R-WIN-4 (a) *)
  s_stall_limit : option nat              (** R-WIN-4 (b) *)
}.

(** ** Seating (R-TURN-2, R-TEAM-1, R-TEAM-2, R-TEAM-5) *)

(** How many stock piles (and discard sets, one beside each) the game has: one per
    seat, or two per team in the shared-piles form (R-TEAM-2). *)
Definition StockPiles (r : SRules) : nat :=
  match s_teams r with
  | Some ts => if s_shared r then 2 * length ts else s_players r
  | None => s_players r
  end.

(** Seat [p] may play from stock pile [k] and discard set [k]: its own (R-TURN-2);
    its partners' too (R-TEAM-1); its team's two (R-TEAM-2). *)
Definition Uses (r : SRules) (p k : nat) : Prop :=
  match s_teams r with
  | None => k = p
  | Some ts =>
      exists i t, nth_error ts i = Some t /\ In p t /\
        (if s_shared r then k = 2 * i \/ k = 2 * i + 1 else In k t)
  end.

(** Seat [p] discards onto discard set [k] (R-TURN-5): its own; in the shared-piles form
    the seats of a team take the team's two sets alternately, in seat order (R-TEAM-2). *)
Definition OwnSet (r : SRules) (p k : nat) : Prop :=
  match s_teams r with
  | Some ts =>
      if s_shared r
      then exists i t j, nth_error ts i = Some t /\ nth_error t j = Some p /\ k = 2 * i + j mod 2
      else k = p
  | None => k = p
  end.

(** The team of seat [p] (in individual play, the seat itself). *)
Definition TeamOf (r : SRules) (p t : nat) : Prop :=
  match s_teams r with
  | None => t = p
  | Some ts => exists tm, nth_error ts t = Some tm /\ In p tm
  end.

(** ** The state and the moves *)

Inductive Ending := Won (team : nat) | Blocked | TurnLimit | Stalled.

Record SState := mkSState {
  st_stocks : list Pile;             (** R-SETUP-2/3 *)
  st_discards : list (list Pile);    (** a set of discard piles beside each stock pile *)
  st_hands : list Pile;              (** each seat's hand *)
  st_builds : list Pile;             (** R-BUILD-1 *)
  st_draw : Pile;                    (** R-SETUP-4, R-DRAW-1 *)
  st_aside : Pile;                   (** the cards of completed build piles (R-BUILD-4) *)
  st_mover : nat;                    (** the seat whose turn it is *)
  st_turn : nat;                     (** the turn's number, from 1 *)
  st_moves : nat;                    (** moves made in this turn (R-WIN-4 (a)) *)
  st_passes : nat;                   (** empty passes in a row (R-WIN-2) *)
  st_stall : nat;                    (** turns ended since the last stock play (R-WIN-4 (b)) *)
  st_over : option Ending            (** how the game ended, once it has *)
}.

Inductive SMove :=
  | HandToBuild (c : Card) (b : nat)             (** R-TURN-2 *)
  | StockToBuild (k : nat) (b : nat)             (** R-TURN-2, R-TURN-3 *)
  | DiscardToBuild (d : nat) (i : nat) (b : nat) (** R-TURN-2, R-DISC-3 *)
  | HandToDiscard (c : Card) (i : nat)           (** R-TURN-5, R-DISC-2 *)
  | PassTurn.                                    (** R-TURN-8 *)

Definition Hand (s : SState) : Pile := nth (st_mover s) (st_hands s) [].

(** ** The pieces of a move *)

(** R-BUILD-2, R-BUILD-3: a card goes onto a build pile that exists when it is a wild
    or the number after the value the pile counts as (a pile of [n] cards counts as [n],
    its wilds taking the values needed). *)
Definition Accepts (s : SState) (b : nat) (c : Card) : Prop :=
  b < length (st_builds s) /\ (c = Wild \/ c = Num (S (length (nth b (st_builds s) [])))).

(** R-WIN-4 (a): plays onto build piles while the turn has made fewer moves than the
    limit. *)
Definition PlaysAllowed (r : SRules) (s : SState) : Prop :=
  forall l, s_turn_move_limit r = Some l -> st_moves s < l.

(** A card [c] taken from hand [h] leaves [h'] (its first copy: the hand's order
    carries no meaning). *)
Definition TakeFromHand (c : Card) (h h' : Pile) : Prop :=
  exists h1 h2, h = h1 ++ c :: h2 /\ ~ In c h1 /\ h' = h1 ++ h2.

(** R-BUILD-4: the card lands on build pile [b]; a pile that reaches the highest value
    leaves the centre whole, its cards set aside, its place free at once. *)
Inductive Places (r : SRules) (s : SState) (b : nat) (c : Card) : list Pile -> Pile -> Prop :=
  | place_completes :
      S (length (nth b (st_builds s) [])) = s_highest r ->
      Places r s b c (set_nth (st_builds s) b [])
        (st_aside s ++ nth b (st_builds s) [] ++ [c])
  | place_on :
      S (length (nth b (st_builds s) [])) <> s_highest r ->
      Places r s b c (set_nth (st_builds s) b (nth b (st_builds s) [] ++ [c])) (st_aside s).

(** R-DRAW-2: the set-aside cards, shuffled: any order of them. *)
Definition Reshuffle (aside fresh : Pile) : Prop := Permutation aside fresh.

(** R-DRAW-1/2/3: drawing [n] cards from draw pile [dp] with [aside] set aside gives
    [drawn] and leaves [dp'] and [aside']: the top [n] cards when the pile holds them;
    else the whole pile, then the set-aside cards, reshuffled, form the draw pile and
    the missing cards come from its top, as many as there are. *)
Inductive Draws (n : nat) (dp aside : Pile) : Pile -> Pile -> Pile -> Prop :=
  | draw_from_pile drawn dp' :
      length drawn = n -> dp = dp' ++ drawn -> Draws n dp aside drawn dp' aside
  | draw_reshuffled fresh rest more :
      length dp < n -> Reshuffle aside fresh -> fresh = rest ++ more ->
      length more = min (n - length dp) (length fresh) ->
      Draws n dp aside (dp ++ more) rest [].

(** R-TURN-1, R-TURN-4, R-DRAW-3: a hand [h] filled up to the hand size. *)
Definition Fills (r : SRules) (h dp aside h' dp' aside' : Pile) : Prop :=
  exists drawn, Draws (s_hand_size r - length h) dp aside drawn dp' aside' /\ h' = h ++ drawn.

(** R-WIN-1, R-TEAM-3: every stock pile the seat plays from is empty. *)
Definition TeamOut (r : SRules) (stocks : list Pile) (p : nat) : Prop :=
  forall k, Uses r p k -> nth k stocks [] = [].

(** After a play that did not win: the card is placed (R-BUILD-4), the move counted, and
    a hand left empty is refilled at once (R-TURN-4, R-DRAW-3); the turn goes on. *)
Inductive Continues (r : SRules) (s : SState) (b : nat) (c : Card)
    (stocks : list Pile) (discards : list (list Pile)) (hands : list Pile) (stall : nat)
  : SState -> Prop :=
  | continue_with_hand builds aside :
      Places r s b c builds aside -> nth (st_mover s) hands [] <> [] ->
      Continues r s b c stocks discards hands stall
        (mkSState stocks discards hands builds (st_draw s) aside (st_mover s) (st_turn s)
           (S (st_moves s)) (st_passes s) stall None)
  | continue_refilled builds aside h dp' aside' :
      Places r s b c builds aside -> nth (st_mover s) hands [] = [] ->
      Fills r [] (st_draw s) aside h dp' aside' ->
      Continues r s b c stocks discards hands stall
        (mkSState stocks discards (set_nth hands (st_mover s) h) builds dp' aside'
           (st_mover s) (st_turn s) (S (st_moves s)) (st_passes s) stall None).

(** R-WIN-2: the count of empty passes (turns in which no card moved, ended by a
    pass) after the turn ends. *)
Definition PassesAfter (s : SState) (empty : bool) : nat :=
  if empty then S (st_passes s) else 0.

Definition BelowTurnLimit (r : SRules) (s : SState) : Prop :=
  forall l, s_turn_limit r = Some l -> st_turn s < l.

Definition BelowStallLimit (r : SRules) (n : nat) : Prop :=
  forall l, s_stall_limit r = Some l -> n < l.

(** The end of a turn (R-TURN-5, R-TURN-7): the game ends blocked (R-WIN-2), else at the
    turn limit (R-WIN-2), else stalled (R-WIN-4 (b)); otherwise the next seat clockwise
    takes its turn and fills its hand (R-TURN-1, R-TURN-7). *)
Inductive EndsTurn (r : SRules) (s : SState) (discards : list (list Pile))
    (hands : list Pile) (empty : bool) : SState -> Prop :=
  | ends_blocked :
      s_players r <= PassesAfter s empty ->
      EndsTurn r s discards hands empty
        (mkSState (st_stocks s) discards hands (st_builds s) (st_draw s) (st_aside s)
           (st_mover s) (st_turn s) (S (st_moves s)) (PassesAfter s empty) (S (st_stall s))
           (Some Blocked))
  | ends_turn_limit l :
      PassesAfter s empty < s_players r -> s_turn_limit r = Some l -> l <= st_turn s ->
      EndsTurn r s discards hands empty
        (mkSState (st_stocks s) discards hands (st_builds s) (st_draw s) (st_aside s)
           (st_mover s) (st_turn s) (S (st_moves s)) (PassesAfter s empty) (S (st_stall s))
           (Some TurnLimit))
  | ends_stalled l :
      PassesAfter s empty < s_players r -> BelowTurnLimit r s ->
      s_stall_limit r = Some l -> l <= S (st_stall s) ->
      EndsTurn r s discards hands empty
        (mkSState (st_stocks s) discards hands (st_builds s) (st_draw s) (st_aside s)
           (st_mover s) (st_turn s) (S (st_moves s)) (PassesAfter s empty) (S (st_stall s))
           (Some Stalled))
  | next_turn h dp' aside' :
      PassesAfter s empty < s_players r -> BelowTurnLimit r s ->
      BelowStallLimit r (S (st_stall s)) ->
      Fills r (nth (S (st_mover s) mod s_players r) hands []) (st_draw s) (st_aside s)
        h dp' aside' ->
      EndsTurn r s discards hands empty
        (mkSState (st_stocks s) discards (set_nth hands (S (st_mover s) mod s_players r) h)
           (st_builds s) dp' aside' (S (st_mover s) mod s_players r) (S (st_turn s)) 0
           (PassesAfter s empty) (S (st_stall s)) None).

(** ** A legal move and its result *)

Inductive Step (r : SRules) (s : SState) : SMove -> SState -> Prop :=
  (** R-TURN-2, R-BUILD-2/3, R-WIN-4 (a): a hand card onto a build pile; R-TURN-4. *)
  | step_hand c b h' s' :
      st_over s = None -> PlaysAllowed r s ->
      TakeFromHand c (Hand s) h' -> Accepts s b c ->
      Continues r s b c (st_stocks s) (st_discards s)
        (set_nth (st_hands s) (st_mover s) h') (st_stall s) s' ->
      Step r s (HandToBuild c b) s'
  (** R-TURN-2, R-TURN-3, R-TEAM-1/2: the top card of a stock pile the seat plays from
      onto a build pile, the next card turned up; no stock card for [stall_limit]
      turns counts again from zero (R-WIN-4 (b)). *)
  | step_stock k b p c s' :
      st_over s = None -> PlaysAllowed r s -> Uses r (st_mover s) k ->
      nth k (st_stocks s) [] = p ++ [c] -> Accepts s b c ->
      ~ TeamOut r (set_nth (st_stocks s) k p) (st_mover s) ->
      Continues r s b c (set_nth (st_stocks s) k p) (st_discards s) (st_hands s) 0 s' ->
      Step r s (StockToBuild k b) s'
  (** R-WIN-1, R-TEAM-3: the play that empties the last stock pile of the seat's team
      wins at once, whatever is left (no refill, no discard). *)
  | step_stock_wins k b p c t builds aside :
      st_over s = None -> PlaysAllowed r s -> Uses r (st_mover s) k ->
      nth k (st_stocks s) [] = p ++ [c] -> Accepts s b c ->
      TeamOut r (set_nth (st_stocks s) k p) (st_mover s) -> TeamOf r (st_mover s) t ->
      Places r s b c builds aside ->
      Step r s (StockToBuild k b)
        (mkSState (set_nth (st_stocks s) k p) (st_discards s) (st_hands s) builds
           (st_draw s) aside (st_mover s) (st_turn s) (S (st_moves s)) (st_passes s) 0
           (Some (Won t)))
  (** R-TURN-2, R-DISC-3, R-TEAM-1/2: the top card of a discard pile the seat plays from
      onto a build pile. *)
  | step_discard_pile d i b p c s' :
      st_over s = None -> PlaysAllowed r s -> Uses r (st_mover s) d ->
      nth i (nth d (st_discards s) []) [] = p ++ [c] -> Accepts s b c ->
      Continues r s b c (st_stocks s)
        (set_nth (st_discards s) d (set_nth (nth d (st_discards s) []) i p))
        (st_hands s) (st_stall s) s' ->
      Step r s (DiscardToBuild d i b) s'
  (** R-TURN-5, R-TURN-6, R-DISC-1/2, R-TEAM-2: a hand card onto one of the seat's own
      discard piles ends the turn, at any time (also past the turn's move limit,
      R-WIN-4 (a)); no redraw. *)
  | step_discard c i o h' s' :
      st_over s = None -> TakeFromHand c (Hand s) h' -> OwnSet r (st_mover s) o ->
      i < length (nth o (st_discards s) []) ->
      EndsTurn r s
        (set_nth (st_discards s) o
           (set_nth (nth o (st_discards s) []) i (nth i (nth o (st_discards s) []) [] ++ [c])))
        (set_nth (st_hands s) (st_mover s) h') false s' ->
      Step r s (HandToDiscard c i) s'
  (** R-TURN-8: with an empty hand the turn ends by a pass; a pass of a turn in which no
      card moved is an empty pass (R-WIN-2). *)
  | step_pass s' :
      st_over s = None -> Hand s = [] ->
      EndsTurn r s (st_discards s) (st_hands s) (Nat.eqb (st_moves s) 0) s' ->
      Step r s PassTurn s'.

(** R-WIN-3 and the rest: a move is legal when it has a result. *)
Definition SLegal (r : SRules) (s : SState) (m : SMove) : Prop := exists s', Step r s m s'.

(** ** The deal (R-SETUP-2/3/4/5 (c)/7) *)

(** The shuffled deck [order] is dealt bottom first: each stock pile takes the next
    [stock_size] cards, the rest is the draw pile (its last card on top); discard piles,
    build piles and the set-aside cards start empty; hands start empty and the first
    seat fills its hand (R-SETUP-7, R-TURN-1). *)
Inductive Deal (r : SRules) (order : list Card) : SState -> Prop :=
  | deal_rule stocks rest h dp aside :
      length stocks = StockPiles r -> Forall (fun p => length p = s_stock_size r) stocks ->
      order = concat stocks ++ rest ->
      Fills r [] rest [] h dp aside ->
      Deal r order
        (mkSState stocks (repeat (repeat [] (s_discard_piles r)) (StockPiles r))
           (set_nth (repeat [] (s_players r)) (s_first r) h) (repeat [] (s_build_piles r))
           dp aside (s_first r) 1 0 0 0 None).

(** The states a game can reach. *)
Inductive SReachable (r : SRules) (order : list Card) : SState -> Prop :=
  | sreach_deal s : Deal r order s -> SReachable r order s
  | sreach_step s m s' : SReachable r order s -> Step r s m s' -> SReachable r order s'.

(** Sequences of legal moves: [SMoves r s n s'] when [n] steps lead from [s] to [s']. *)
Inductive SMoves (r : SRules) : SState -> nat -> SState -> Prop :=
  | smoves_none s : SMoves r s 0 s
  | smoves_step s m s1 n s2 : Step r s m s1 -> SMoves r s1 n s2 -> SMoves r s (S n) s2.

(** ** What the rules promise, over the specification *)

(** Every card of the state. *)
Definition Cards (s : SState) : list Card :=
  concat (st_stocks s) ++ concat (concat (st_discards s)) ++ concat (st_hands s)
  ++ concat (st_builds s) ++ st_draw s ++ st_aside s.

(** A hand for every seat, and the mover one of them. *)
Definition SWf (r : SRules) (s : SState) : Prop :=
  length (st_hands s) = s_players r /\ st_mover s < s_players r.

(** R-BUILD-2/3/4: a build pile is a run 1, 2, ... with wilds standing in, below the
    highest value. *)
Definition Run (r : SRules) (p : Pile) : Prop :=
  length p < s_highest r /\
  forall i, i < length p -> nth i p Wild = Wild \/ nth i p Wild = Num (S i).

Definition Runs (r : SRules) (s : SState) : Prop := forall p, In p (st_builds s) -> Run r p.

(** R-TURN-1: no hand above the hand size. *)
Definition HandsBounded (r : SRules) (s : SState) : Prop :=
  forall h, In h (st_hands s) -> length h <= s_hand_size r.
