(* The line protocol both drivers speak (driver.ml for Skip-Bo, skyjo_driver.ml for
   Skyjo): a request is a one-letter command and a line of integers, read here token by
   token; an answer is one line, written into [buffer].  The encodings of rules, states
   and moves are each driver's own; the list, the option, a shuffle's positions, the step's
   answer and the request loop are the same for both. *)

let tokens = ref [||]
let cursor = ref 0

let int () =
  let v = !tokens.(!cursor) in
  incr cursor;
  v

let list_of f =
  let n = int () in
  List.init n (fun _ -> f ())

let opt f = if int () = 1 then Some (f ()) else None

let buffer = Buffer.create 4096
let put n = Buffer.add_string buffer (string_of_int n); Buffer.add_char buffer ' '
let put_list f l = put (List.length l); List.iter f l
let put_opt f = function None -> put 0 | Some x -> put 1; f x

(* A step's shuffles: count, then the positions of each (a list), in the order the
   model shuffles.  The model applies them to the cards it shuffles itself
   ([apply_perm] of theories/Perm.v: the new order's i-th card is the one at the i-th
   position), and positions that are not a permutation of 0 .. n-1 are refused; so the
   tie hands the model positions, never cards.  A shuffle past the list is answered
   "shuffle n" (n: the number of cards the model shuffles), and the tie asks again
   with the positions for it.  An empty pile needs none (the engine does not shuffle
   one either). *)
exception Need_shuffle of int
exception Not_a_permutation

let permuted apply_perm positions cards =
  match apply_perm positions cards with Some order -> order | None -> raise Not_a_permutation

let shuffles apply_perm =
  let queue = ref (list_of (fun () -> list_of int)) in
  fun cards ->
    if cards = [] then [] else
    match !queue with
    | [] -> raise (Need_shuffle (List.length cards))
    | positions :: rest -> queue := rest; permuted apply_perm positions cards

(* The answer of a step, or of a deal: "none" for an illegal move, the next state,
   "shuffle n" or "not-a-permutation". *)
let answer_step step put_state =
  let fail text = Buffer.clear buffer; Buffer.add_string buffer text in
  try
    match step () with
    | None -> Buffer.add_string buffer "none"
    | Some s' -> put_state s'
  with
  | Need_shuffle n -> fail ("shuffle " ^ string_of_int n)
  | Not_a_permutation -> fail "not-a-permutation"

let answer () =
  let line = String.trim (Buffer.contents buffer) in
  Buffer.clear buffer;
  print_string line;
  print_newline ()

(* Answer each request with [handle command] until the input ends; [handle] returns
   false for a command it does not know. *)
let serve handle =
  try
    while true do
      let line = input_line stdin in
      let words = List.filter (fun w -> w <> "") (String.split_on_char ' ' (String.trim line)) in
      match words with
      | [] -> ()
      | command :: rest ->
        tokens := Array.of_list (List.map int_of_string rest);
        cursor := 0;
        if not (handle command) then Buffer.add_string buffer "unknown-command";
        answer ()
    done
  with End_of_file -> ()
