(* The extracted Skyjo model behind a line protocol, for tools/coq_tie_skyjo.py.

   As driver.ml for Skip-Bo: every request is one line of integers after a one-letter
   command, every answer one line.  Encodings (all integers, separated by spaces):
     list      length, then the items
     rules     players; 0 | 1 turn_limit; 0 | 1 stall_limit; 0 | 1 round_limit; copies:
               count, then value-count pairs; end_score
     place     0 (gone) | 1 value (face down) | 2 value (face up)
     state     grids: count, then each grid (a list of places); discard pile; draw pile
               (lists, bottom first, top last); current; phase 0 (take) | 1 held drawn
               (0/1) | 2 scores (scored: a list); turns; stall_turns; ender 0 | 1 seat;
               revealing
               0/1; reveals: count, then each 0 | 1 first second; starter; round;
               history: count, then each: sums (a list), ender 0 | 1 seat, scores (a
               list); the outcome 0 | 1 winners totals (lists; read and ignored: the
               model computes it)
     move      0 first second (reveal) | 1 (take the discard pile's top) | 2 (draw)
               | 3 place (swap) | 4 place (discard and turn up)
     shuffles  count, then the positions of each shuffle (protocol.ml)
   Commands:
     L rules state                 -> the legal moves: count, then each move
     S rules state move shuffles   -> "none" (illegal) | the next state
                                      | "shuffle n" (positions wanted for n cards)
                                      | "not-a-permutation"
     D rules positions             -> the game dealt from the rules' deck (K) in the
                                      order of the positions | "not-a-permutation"
     K rules                       -> the cards of the rules' deck (a list)
     T                             -> the cards of the standard deck (S-DECK-1, a list)
     F                             -> the model's defaults, each a list: the deck's
                                      (value, copies) pairs, the end score, the turn
                                      limit, the stall limit, the round limit (each
                                      empty: none)
     V rules state seat            -> the public view (SkyjoViews.v; the seat, 0 (the
                                      spectator) | 1 seat, sees the same): grids: count,
                                      then each a list of 0 (gone) | 1 (face down)
                                      | 2 value (face up); discard pile (a list); draw
                                      pile size; current; phase as in a state; turns;
                                      stall_turns; ender 0 | 1 seat; revealing 0/1;
                                      starter; round; history as in a state; then the
                                      outcome as in a state *)

open Skyjo_model
open Protocol

let rules () =
  let gplayers = int () in
  let gturn_limit = opt int in
  let gstall_limit = opt int in
  let ground_limit = opt int in
  let gcopies = list_of (fun () -> let v = int () in let n = int () in (v, n)) in
  let gend_score = int () in
  { gplayers; gturn_limit; gstall_limit; ground_limit; gcopies; gend_score }

let place () =
  match int () with
  | 0 -> Gone
  | 1 -> Down (int ())
  | _ -> Up (int ())

let state () =
  let grids = list_of (fun () -> list_of place) in
  let discard_pile = list_of int in
  let sdraw_pile = list_of int in
  let scurrent = int () in
  let sphase =
    match int () with
    | 0 -> Take
    | 1 -> let h = int () in PlaceCard (h, int () = 1)
    | _ -> Scored (list_of int)
  in
  let turns = int () in
  let sstall_turns = int () in
  let ender = opt int in
  let grevealing = int () = 1 in
  let greveals = list_of (fun () -> opt (fun () -> let a = int () in (a, int ()))) in
  let gstarter = int () in
  let gnumber = int () in
  let ghistory =
    list_of (fun () ->
        let sums = list_of int in
        let e = opt int in
        let scores = list_of int in
        ((sums, e), scores))
  in
  if int () = 1 then (ignore (list_of int); ignore (list_of int));
  { ground = { grids; discard_pile; sdraw_pile; scurrent; sphase; turns; sstall_turns; ender };
    grevealing; greveals; gstarter; gnumber; ghistory }

let move () =
  match int () with
  | 0 -> let a = int () in GReveal (a, int ())
  | 1 -> GTurn TakeDiscard
  | 2 -> GTurn Draw
  | 3 -> GTurn (Swap (int ()))
  | _ -> GTurn (DiscardFlip (int ()))

let put_place = function
  | Gone -> put 0
  | Down v -> put 1; put v
  | Up v -> put 2; put v

let put_state r s =
  let g = s.ground in
  put_list (put_list put_place) g.grids;
  put_list put g.discard_pile;
  put_list put g.sdraw_pile;
  put g.scurrent;
  (match g.sphase with
   | Take -> put 0
   | PlaceCard (h, d) -> put 1; put h; put (if d then 1 else 0)
   | Scored sc -> put 2; put_list put sc);
  put g.turns;
  put g.sstall_turns;
  put_opt put g.ender;
  put (if s.grevealing then 1 else 0);
  put_list (put_opt (fun (a, b) -> put a; put b)) s.greveals;
  put s.gstarter;
  put s.gnumber;
  put_list (fun ((sums, e), scores) -> put_list put sums; put_opt put e; put_list put scores)
    s.ghistory;
  if gover s then begin
    put 1;
    put_list put (winners r.gplayers s.ghistory);
    put_list put (totals r.gplayers s.ghistory)
  end else put 0

let put_move = function
  | GReveal (a, b) -> put 0; put a; put b
  | GTurn TakeDiscard -> put 1
  | GTurn Draw -> put 2
  | GTurn (Swap p) -> put 3; put p
  | GTurn (DiscardFlip p) -> put 4; put p

(* The public view (SkyjoViews.v), for tools/coq_tie_views.py; the outcome after it is
   the state's, as [put_state] gives it. *)
let put_view r s v =
  let rv = v.gv_round in
  put_list (put_list (function SGone -> put 0 | SDown -> put 1 | SUp x -> put 2; put x))
    rv.rv_grids;
  put_list put rv.rv_discard;
  put rv.rv_draw_size;
  put rv.rv_current;
  (match rv.rv_phase with
   | Take -> put 0
   | PlaceCard (h, d) -> put 1; put h; put (if d then 1 else 0)
   | Scored sc -> put 2; put_list put sc);
  put rv.rv_turns;
  put rv.rv_stall_turns;
  put_opt put rv.rv_ender;
  put (if v.gv_revealing then 1 else 0);
  put v.gv_starter;
  put v.gv_number;
  put_list (fun ((sums, e), scores) -> put_list put sums; put_opt put e; put_list put scores)
    v.gv_history;
  if gover s then begin
    put 1;
    put_list put (winners r.gplayers s.ghistory);
    put_list put (totals r.gplayers s.ghistory)
  end else put 0

let () =
  serve (fun command ->
      match command with
      | "L" ->
        let _ = rules () in
        let s = state () in
        put_list put_move (glegal_moves s);
        true
      | "S" ->
        let r = rules () in
        let s = state () in
        let m = move () in
        let shuf = shuffles apply_perm in
        answer_step (fun () -> gstep r shuf s m) (put_state r);
        true
      | "D" ->
        let r = rules () in
        let positions = list_of int in
        answer_step (fun () -> Some (new_game r (permuted apply_perm positions (gdeck r))))
          (put_state r);
        true
      | "K" -> put_list put (gdeck (rules ())); true
      | "V" ->
        let r = rules () in
        let s = state () in
        put_view r s (gview s (opt int));
        true
      | "T" ->
        put_list put
          (gdeck { gplayers = 2; gturn_limit = None; gstall_limit = None; ground_limit = None;
                   gcopies = standard_copies; gend_score = 100 });
        true
      | "F" ->
        let field = put_list put in
        field (List.concat_map (fun (v, n) -> [v; n]) standard_copies);
        field [gdefault_end_score];
        field (Option.to_list gdefault_turn_limit);
        field (Option.to_list gdefault_stall_limit);
        field (Option.to_list gdefault_round_limit);
        true
      | _ -> false)
