(* The extracted model behind a line protocol, for tools/coq_tie.py.

   Every request is one line of integers (after a one-letter command), every answer
   one line.  Encodings (all integers, separated by spaces):
     pile      length, then the cards (0 = wild), bottom first, top last
     piles     count, then each pile
     rules     players; 0 | 1 teams (piles of seats); shared 0/1; copies wilds highest;
               stock_size hand_size build_pile_count discard_pile_count first_player;
               0 | 1 turn_limit; 0 | 1 turn_move_limit; 0 | 1 stall_limit
     state     stocks (piles); discard sets: count, then each as piles; hands (piles);
               builds (piles); draw pile; completed; current turn turn_moves
               empty_passes stall_turns; outcome 0 (none) | 1 team (stock emptied)
               | 2 (blocked) | 3 (turn limit) | 4 (stalled); in an answer the stock emptied
               outcome is followed by the team's seats, the winners (a pile)
     move      0 card build | 1 stock build | 2 set pile build | 3 card pile | 4 (pass)
     shuffles  count, then the positions of each shuffle (protocol.ml)
   Commands:
     L rules state                 -> the legal moves: count, then each move
     S rules state move shuffles   -> "none" (illegal) | the next state
                                      | "shuffle n" (positions wanted for n cards)
                                      | "not-a-permutation"
     D rules positions             -> the state dealt from the rules' deck (K) in the
                                      order of the positions | "not-a-permutation"
     K rules                       -> the cards of the rules' deck (a pile)
     F rules                       -> the model's defaults, each a list: the deck
                                      (copies wilds highest), then stock size (for the
                                      rules' stock piles), hand size, build piles,
                                      discard piles, first seat, turn limit, turn move
                                      limit, stall limit (each empty: none)
     V rules state seat            -> the view of the seat, 0 (the spectator) | 1 seat
                                      (Views.v): seat 0 | 1 seat; hand 0 | 1 pile;
                                      stocks: count, then each size top (top 0 when
                                      empty); discard sets; builds; hand sizes (a
                                      list); draw pile size; completed count; current
                                      turn turn_moves empty_passes stall_turns; outcome *)

open Skipbo_model
open Protocol

let pile () = list_of int
let piles () = list_of pile

let rules () =
  let players = int () in
  let teams = if int () = 1 then Some (piles ()) else None in
  let shared_piles = int () = 1 in
  let copies = int () in
  let wilds = int () in
  let highest = int () in
  let stock_size = int () in
  let hand_size = int () in
  let build_pile_count = int () in
  let discard_pile_count = int () in
  let first_player = int () in
  let turn_limit = if int () = 1 then Some (int ()) else None in
  let turn_move_limit = if int () = 1 then Some (int ()) else None in
  let stall_limit = if int () = 1 then Some (int ()) else None in
  { players; teams; shared_piles; rdeck = { copies; wilds; highest }; stock_size;
    hand_size; build_pile_count; discard_pile_count; first_player; turn_limit;
    turn_move_limit; stall_limit }

let state () =
  let stocks = piles () in
  let discards = list_of piles in
  let hands = piles () in
  let builds = piles () in
  let draw_pile = pile () in
  let completed = pile () in
  let current = int () in
  let turn = int () in
  let turn_moves = int () in
  let empty_passes = int () in
  let stall_turns = int () in
  let outcome =
    match int () with
    | 0 -> None
    | 1 -> Some (StockEmptied (int ()))
    | 2 -> Some Blocked
    | 3 -> Some TurnLimit
    | _ -> Some Stalled
  in
  { stocks; discards; hands; builds; draw_pile; completed; current; turn; turn_moves;
    empty_passes; stall_turns; outcome }

let move () =
  match int () with
  | 0 -> let c = int () in let b = int () in PlayFromHand (c, b)
  | 1 -> let k = int () in let b = int () in PlayFromStock (k, b)
  | 2 -> let d = int () in let i = int () in let b = int () in PlayFromDiscard (d, i, b)
  | 3 -> let c = int () in let i = int () in Discard (c, i)
  | _ -> Pass

let put_pile = put_list put
let put_piles = put_list put_pile

let put_state r s =
  put_piles s.stocks;
  put_list put_piles s.discards;
  put_piles s.hands;
  put_piles s.builds;
  put_pile s.draw_pile;
  put_pile s.completed;
  put s.current; put s.turn; put s.turn_moves; put s.empty_passes; put s.stall_turns;
  match s.outcome with
  | None -> put 0
  | Some (StockEmptied t) -> put 1; put t; put_pile (team_seats r t)
  | Some Blocked -> put 2
  | Some TurnLimit -> put 3
  | Some Stalled -> put 4

let put_move = function
  | PlayFromHand (c, b) -> put 0; put c; put b
  | PlayFromStock (k, b) -> put 1; put k; put b
  | PlayFromDiscard (d, i, b) -> put 2; put d; put i; put b
  | Discard (c, i) -> put 3; put c; put i
  | Pass -> put 4

(* The view of a seat (Views.v), for tools/coq_tie_views.py. *)
let put_view v =
  put_opt put v.vseat;
  put_opt put_pile v.vhand;
  put_list (fun (size, top) -> put size; put top) v.vstocks;
  put_list put_piles v.vdiscards;
  put_piles v.vbuilds;
  put_list put v.vhand_sizes;
  put v.vdraw_size; put v.vcompleted_size;
  put v.vcurrent; put v.vturn; put v.vturn_moves; put v.vempty_passes; put v.vstall_turns;
  match v.voutcome with
  | None -> put 0
  | Some (StockEmptied t) -> put 1; put t
  | Some Blocked -> put 2
  | Some TurnLimit -> put 3
  | Some Stalled -> put 4

let () =
  serve (fun command ->
      match command with
      | "L" ->
        let r = rules () in
        let s = state () in
        put_list put_move (legal_moves r s);
        true
      | "S" ->
        let r = rules () in
        let s = state () in
        let m = move () in
        let shuf = shuffles apply_perm in
        answer_step (fun () -> step r shuf s m) (put_state r);
        true
      | "D" ->
        let r = rules () in
        let positions = pile () in
        answer_step
          (fun () -> Some (deal r (permuted apply_perm positions (deck_cards r.rdeck))))
          (put_state r);
        true
      | "K" -> put_pile (deck_cards (rules ()).rdeck); true
      | "F" ->
        let r = rules () in
        let field = put_pile in
        let d = default_deck in
        field [d.copies; d.wilds; d.highest];
        field [default_stock_size (stock_pile_count r)];
        field [default_hand_size];
        field [default_build_pile_count];
        field [default_discard_pile_count];
        field [default_first_player];
        field (Option.to_list default_turn_limit);
        field (Option.to_list default_turn_move_limit);
        field (Option.to_list default_stall_limit);
        true
      | "V" ->
        let _ = rules () in
        let s = state () in
        put_view (view s (opt int));
        true
      | _ -> false)
