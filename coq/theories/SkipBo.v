(** * Skip-Bo: the rules as a Coq model (RULES.md), every variant.

    Written from the normative rules (shared RULES.md), not from the Python engine.
    Conventions, chosen so that a state of the model and a state of the engine are
    the same data: a card is a [nat], [0] is the wild Skip-Bo card and [1 .. highest]
    the numbers; a pile is a list of cards with its top at the END; hands are lists
    (their order carries no meaning).

    The model is deterministic: the only randomness of the game after the deal is the
    reshuffle of the completed cards (R-DRAW-2), and it is an input, a function
    [shuf] giving the order the completed cards take.  The theorems hold for every
    such function that permutes its argument, that is for every shuffle. *)

From Coq Require Import List Arith Bool Lia.
Import ListNotations.

Notation card := nat (only parsing).
Definition wild : card := 0.
Notation pile := (list nat) (only parsing).

(** ** The rules record (the parameters of the Python [Rules]) *)

Record deck := mkDeck {
  copies : nat;   (** copies of each number 1 .. highest (R-DECK-2) *)
  wilds : nat;    (** wild Skip-Bo cards *)
  highest : nat   (** a build pile is complete at this value (R-BUILD-4) *)
}.

Definition deck_cards (d : deck) : list card :=
  repeat wild (wilds d) ++ flat_map (fun v => repeat v (copies d)) (seq 1 (highest d)).

Record rules := mkRules {
  players : nat;                      (** seats (R-SETUP-1, R-TEAM-5) *)
  teams : option (list (list nat));   (** team play: the seats of each team (R-TEAM-5) *)
  shared_piles : bool;                (** the shared-piles form (R-TEAM-2), else partners (R-TEAM-1) *)
  rdeck : deck;                       (** the deck composition (R-DECK-2) *)
  stock_size : nat;                   (** cards dealt to each stock pile (R-SETUP-2) *)
  hand_size : nat;                    (** cards a hand is filled to (R-TURN-1) *)
  build_pile_count : nat;             (** build piles in the centre (R-BUILD-1) *)
  discard_pile_count : nat;           (** discard piles in each discard set (R-DISC-1) *)
  first_player : nat;                 (** the starting seat (R-SETUP-5 (c)) *)
  turn_limit : option nat;            (** the optional turn limit (R-WIN-2) *)
  turn_move_limit : option nat;       (** the moves after which a turn must end (R-WIN-4 (a)) *)
  stall_limit : option nat            (** the turns without a stock play that end the game
                                          (R-WIN-4 (b)) *)
}.

(** ** The seating: which stock piles and discard sets a seat owns and plays from *)

Fixpoint team_index (p : nat) (ts : list (list nat)) : nat :=
  match ts with
  | [] => 0
  | t :: rest => if existsb (Nat.eqb p) t then 0 else S (team_index p rest)
  end.

Fixpoint position (p : nat) (t : list nat) : nat :=
  match t with
  | [] => 0
  | x :: rest => if Nat.eqb x p then 0 else S (position p rest)
  end.

(** The team of a seat; in individual play every seat is a team of its own. *)
Definition team_of (r : rules) (p : nat) : nat :=
  match teams r with None => p | Some ts => team_index p ts end.

(** The stock piles (and discard sets, which pair with them) of a team: the seat's
    own in individual play, the partners' in the partner form (R-TEAM-1), the team's
    two in the shared-piles form (R-TEAM-2). *)
Definition team_stocks (r : rules) (t : nat) : list nat :=
  match teams r with
  | None => [t]
  | Some ts => if shared_piles r then [2 * t; 2 * t + 1] else nth t ts []
  end.

(** The stock piles and discard sets a seat may play from (R-TURN-2, R-TEAM-1/2). *)
Definition sources (r : rules) (p : nat) : list nat := team_stocks r (team_of r p).

(** The seat's own stock pile and discard set, where its discards go (R-TURN-5); in
    the shared-piles form the seats of a team take the team's two in turn, in seat
    order (R-TEAM-2, engine decision). *)
Definition own_set (r : rules) (p : nat) : nat :=
  match teams r with
  | Some ts =>
      if shared_piles r
      then 2 * team_of r p + position p (nth (team_of r p) ts []) mod 2
      else p
  | None => p
  end.

(** ** The state *)

Inductive termination := StockEmptied (team : nat) | Blocked | TurnLimit | Stalled.

Record state := mkState {
  stocks : list pile;            (** stock piles, top at the end *)
  discards : list (list pile);   (** discard sets of discard piles *)
  hands : list pile;             (** each seat's hand *)
  builds : list pile;            (** build piles, bottom first *)
  draw_pile : pile;              (** top (next card drawn) at the end *)
  completed : pile;              (** the cards of completed build piles, set aside *)
  current : nat;                 (** the seat whose turn it is *)
  turn : nat;                    (** the number of the turn, from 1 *)
  turn_moves : nat;              (** moves made in this turn *)
  empty_passes : nat;            (** empty passes in a row (R-WIN-2) *)
  stall_turns : nat;             (** turn ends since the last stock play, or the deal (R-WIN-4) *)
  outcome : option termination   (** [Some _] once the game is over *)
}.

Inductive move :=
  | PlayFromHand (c : card) (b : nat)
  | PlayFromStock (k : nat) (b : nat)
  | PlayFromDiscard (d : nat) (i : nat) (b : nat)
  | Discard (c : card) (i : nat)
  | Pass.

Definition move_eq_dec (m1 m2 : move) : {m1 = m2} + {m1 <> m2}.
Proof. decide equality; apply Nat.eq_dec. Defined.

(** ** Small list operations *)

Fixpoint upd {A : Type} (l : list A) (i : nat) (x : A) : list A :=
  match l, i with
  | [], _ => []
  | _ :: rest, 0 => x :: rest
  | y :: rest, S j => y :: upd rest j x
  end.

Fixpoint remove_one (c : card) (l : list card) : list card :=
  match l with
  | [] => []
  | x :: rest => if Nat.eqb x c then rest else x :: remove_one c rest
  end.

Definition top (p : pile) : card := last p wild.

Definition hand (s : state) : pile := nth (current s) (hands s) [].

(** ** Legality, declaratively (R-TURN-2, R-TURN-5, R-TURN-6, R-TURN-8, R-BUILD-2/3,
       R-DISC-1/2/3, R-TEAM-1/2, R-WIN-3, R-WIN-4 (a)) *)

(** R-BUILD-2/3: a card goes on build pile [b] if the pile exists and the card is a
    wild or the number after the pile's top (a pile of [n] cards has top value [n]). *)
Definition can_build (s : state) (b : nat) (c : card) : Prop :=
  b < length (builds s) /\ (c = wild \/ c = S (length (nth b (builds s) []))).

(** R-WIN-4 (a): plays onto build piles are legal while the turn has made fewer moves
    than the turn move limit (always, without a limit). *)
Definition plays_allowed (r : rules) (s : state) : bool :=
  match turn_move_limit r with Some l => turn_moves s <? l | None => true end.

Definition legal (r : rules) (s : state) (m : move) : Prop :=
  outcome s = None /\
  match m with
  | PlayFromHand c b => plays_allowed r s = true /\ In c (hand s) /\ can_build s b c
  | PlayFromStock k b =>
      plays_allowed r s = true /\
      In k (sources r (current s)) /\ nth k (stocks s) [] <> []
      /\ can_build s b (top (nth k (stocks s) []))
  | PlayFromDiscard d i b =>
      plays_allowed r s = true /\
      In d (sources r (current s)) /\ nth i (nth d (discards s) []) [] <> []
      /\ can_build s b (top (nth i (nth d (discards s) []) []))
  | Discard c i =>
      In c (hand s) /\ i < length (nth (own_set r (current s)) (discards s) [])
  | Pass => hand s = []
  end.

(** ** The legal moves, computed *)

Definition acceptsb (p : pile) (c : card) : bool :=
  Nat.eqb c wild || Nat.eqb c (S (length p)).

Definition builds_for (s : state) (c : card) : list nat :=
  filter (fun b => acceptsb (nth b (builds s) []) c) (seq 0 (length (builds s))).

Definition stock_moves (s : state) (k : nat) : list move :=
  match nth k (stocks s) [] with
  | [] => []
  | p => map (PlayFromStock k) (builds_for s (top p))
  end.

Definition discard_pile_moves (s : state) (d i : nat) : list move :=
  match nth i (nth d (discards s) []) [] with
  | [] => []
  | p => map (PlayFromDiscard d i) (builds_for s (top p))
  end.

Definition legal_moves (r : rules) (s : state) : list move :=
  match outcome s with
  | Some _ => []
  | None =>
      let p := current s in
      let h := hand s in
      (if plays_allowed r s then
         flat_map (fun c => map (PlayFromHand c) (builds_for s c)) h
         ++ flat_map (stock_moves s) (sources r p)
         ++ flat_map (fun d => flat_map (discard_pile_moves s d)
                                        (seq 0 (length (nth d (discards s) []))))
                     (sources r p)
       else [])
      ++ flat_map (fun c => map (Discard c)
                                (seq 0 (length (nth (own_set r p) (discards s) [])))) h
      ++ match h with [] => [Pass] | _ => [] end
  end.

(** ** What follows a move automatically *)

(** R-DRAW-1/2/3: take [n] cards from the top of the draw pile; when it runs out,
    the completed cards, in the order [shuf] gives them, form the new draw pile;
    when both are empty, fewer are drawn.  Returns the cards drawn, the draw pile and
    the completed cards. *)
Definition draw (shuf : list card -> list card) (n : nat) (dp comp : pile)
  : pile * pile * pile :=
  if n <=? length dp
  then (skipn (length dp - n) dp, firstn (length dp - n) dp, comp)
  else
    let fresh := shuf comp in
    let k := n - length dp in
    (dp ++ skipn (length fresh - k) fresh, firstn (length fresh - k) fresh, []).

(** R-TURN-1, R-TURN-4: fill a hand up to the hand size. *)
Definition fill (r : rules) (shuf : list card -> list card) (h dp comp : pile)
  : pile * pile * pile :=
  let '(drawn, dp', comp') := draw shuf (hand_size r - length h) dp comp in
  (h ++ drawn, dp', comp').

(** R-BUILD-4: a pile that reaches the highest value leaves the centre, whole. *)
Definition place (r : rules) (s : state) (b : nat) (c : card) : list pile * pile :=
  let p := nth b (builds s) [] ++ [c] in
  if length p =? highest (rdeck r)
  then (upd (builds s) b [], completed s ++ p)
  else (upd (builds s) b p, completed s).

(** A play onto build pile [b]: the card [c] has left its place ([stocks'],
    [discards'], [hands']); [won] says whether the play won the game (R-WIN-1);
    [stall] is the count of turns without a stock play after it (R-WIN-4). *)
Definition after_play (r : rules) (shuf : list card -> list card) (s : state)
    (b : nat) (c : card) (stocks' : list pile) (discards' : list (list pile))
    (hands' : list pile) (won : option termination) (stall : nat) : state :=
  let '(builds', comp1) := place r s b c in
  match won with
  | Some t =>
      mkState stocks' discards' hands' builds' (draw_pile s) comp1 (current s) (turn s)
        (S (turn_moves s)) (empty_passes s) stall (Some t)
  | None =>
      let p := current s in
      let '(hands2, dp2, comp2) :=
        match nth p hands' [] with
        | [] =>
            (* R-TURN-4 / R-DRAW-3: an emptied hand is refilled at once *)
            let '(h, dp', comp') := fill r shuf [] (draw_pile s) comp1 in
            (upd hands' p h, dp', comp')
        | _ => (hands', draw_pile s, comp1)
        end in
      mkState stocks' discards' hands2 builds' dp2 comp2 p (turn s)
        (S (turn_moves s)) (empty_passes s) stall None
  end.

(** R-WIN-4 (b): the game is stalled when the turns without a stock play reach the
    stall limit. *)
Definition stalled (r : rules) (stall : nat) : option termination :=
  match stall_limit r with Some l => if l <=? stall then Some Stalled else None | None => None end.

(** The end of a turn (R-TURN-5, R-TURN-7, R-TURN-8, R-WIN-2, R-WIN-4): the end
    conditions (blocked, then the turn limit, then stalled), then the next player fills
    the hand (R-TURN-1). *)
Definition end_turn (r : rules) (shuf : list card -> list card) (s : state)
    (discards' : list (list pile)) (hands' : list pile) (empty_pass : bool) : state :=
  let passes := if empty_pass then S (empty_passes s) else 0 in
  let stall := S (stall_turns s) in
  let ended :=
    if players r <=? passes then Some Blocked
    else match turn_limit r with
         | Some l => if l <=? turn s then Some TurnLimit else stalled r stall
         | None => stalled r stall
         end in
  match ended with
  | Some t =>
      mkState (stocks s) discards' hands' (builds s) (draw_pile s) (completed s)
        (current s) (turn s) (S (turn_moves s)) passes stall (Some t)
  | None =>
      let f := S (current s) mod players r in
      let '(h, dp', comp') := fill r shuf (nth f hands' []) (draw_pile s) (completed s) in
      mkState (stocks s) discards' (upd hands' f h) (builds s) dp' comp' f (S (turn s))
        0 passes stall None
  end.

(** R-WIN-1, R-TEAM-3: every stock pile of the seat's team is empty. *)
Definition team_out (r : rules) (stocks' : list pile) (p : nat) : bool :=
  forallb (fun k => match nth k stocks' [] with [] => true | _ => false end) (sources r p).

Definition perform (r : rules) (shuf : list card -> list card) (s : state) (m : move)
  : state :=
  let p := current s in
  match m with
  | PlayFromHand c b =>
      after_play r shuf s b c (stocks s) (discards s)
        (upd (hands s) p (remove_one c (hand s))) None (stall_turns s)
  | PlayFromStock k b =>
      let pl := nth k (stocks s) [] in
      let stocks' := upd (stocks s) k (removelast pl) in
      after_play r shuf s b (top pl) stocks' (discards s) (hands s)
        (if team_out r stocks' p then Some (StockEmptied (team_of r p)) else None) 0
  | PlayFromDiscard d i b =>
      let set := nth d (discards s) [] in
      let pl := nth i set [] in
      after_play r shuf s b (top pl) (stocks s)
        (upd (discards s) d (upd set i (removelast pl))) (hands s) None (stall_turns s)
  | Discard c i =>
      let o := own_set r p in
      let set := nth o (discards s) [] in
      end_turn r shuf s (upd (discards s) o (upd set i (nth i set [] ++ [c])))
        (upd (hands s) p (remove_one c (hand s))) false
  | Pass => end_turn r shuf s (discards s) (hands s) (turn_moves s =? 0)
  end.

(** The step: defined exactly on the legal moves. *)
Definition step (r : rules) (shuf : list card -> list card) (s : state) (m : move)
  : option state :=
  if existsb (fun m' => if move_eq_dec m m' then true else false) (legal_moves r s)
  then Some (perform r shuf s m)
  else None.

(** ** The deal (R-SETUP-2/3/4/7): the shuffled deck is an input.  Stock pile [k]
    takes the next [stock_size] cards; the rest is the draw pile; the first player
    fills the hand. *)
Fixpoint deal_stocks (n size : nat) (order : list card) : list pile * list card :=
  match n with
  | 0 => ([], order)
  | S n' =>
      let '(rest, remaining) := deal_stocks n' size (skipn size order) in
      (firstn size order :: rest, remaining)
  end.

Definition stock_pile_count (r : rules) : nat :=
  match teams r with
  | Some ts => if shared_piles r then 2 * length ts else players r
  | None => players r
  end.

Definition deal (r : rules) (order : list card) : state :=
  let '(stk, remaining) := deal_stocks (stock_pile_count r) (stock_size r) order in
  let f := first_player r in
  let '(h, dp, comp) := fill r (fun l => l) [] remaining [] in
  mkState stk (repeat (repeat [] (discard_pile_count r)) (stock_pile_count r))
    (upd (repeat [] (players r)) f h) (repeat [] (build_pile_count r)) dp comp f 1 0 0 0
    None.

(** ** What the tie compares besides the steps *)

(** R-WIN-1, R-TEAM-3: the seats of team [t], who win together when it empties its
    stock piles (in individual play, the seat alone). *)
Definition team_seats (r : rules) (t : nat) : list nat :=
  match teams r with None => [t] | Some ts => nth t ts [] end.

(** The defaults of the rules (RULES.md), each on its own so that a parameter added
    to [rules] adds one definition.  R-DECK-1/R-DECK-4: the Mattel deck, twelve of
    each number 1 to 12 and 18 wilds. *)
Definition default_deck : deck := mkDeck 12 18 12.

(** R-SETUP-2, R-TEAM-5: 30 cards a stock pile with up to four stock piles, else 20. *)
Definition default_stock_size (stock_piles : nat) : nat :=
  if stock_piles <=? 4 then 30 else 20.

Definition default_hand_size : nat := 5.            (** R-TURN-1 *)
Definition default_build_pile_count : nat := 4.     (** R-BUILD-1 *)
Definition default_discard_pile_count : nat := 4.   (** R-DISC-1 *)
Definition default_first_player : nat := 0.         (** R-SETUP-5 (c): seat 0 *)
Definition default_turn_limit : option nat := None. (** R-WIN-2: no turn limit *)
Definition default_turn_move_limit : option nat := Some 500.  (** R-WIN-4 (a) *)
Definition default_stall_limit : option nat := Some 2000.     (** R-WIN-4 (b) *)
