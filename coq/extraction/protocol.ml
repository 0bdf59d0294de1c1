(* The line protocol both drivers speak (driver.ml for Skip-Bo, skyjo_driver.ml for
   Skyjo): a request is a one-letter command and a line of integers, read here token by
   token; an answer is one line, written into [buffer].  The encodings of rules, states
   and moves are each driver's own; the list, the option, the shuffle table, the step's
   answer and the request loop are the same for both. *)

exception Unknown_shuffle

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

(* A step's shuffles: pairs of lists, the cards shuffled and the order they take.  The
   model takes the shuffle as an input; one the table does not hold cannot be answered
   (an empty pile needs no order). *)
let shuffles () =
  let table = list_of (fun () -> let a = list_of int in let b = list_of int in (a, b)) in
  fun cards ->
    match List.assoc_opt cards table with
    | Some order -> order
    | None -> if cards = [] then [] else raise Unknown_shuffle

(* A step's answer: "none" for an illegal move, the next state, or "unknown-shuffle". *)
let answer_step step put_state =
  try
    match step () with
    | None -> Buffer.add_string buffer "none"
    | Some s' -> put_state s'
  with Unknown_shuffle -> Buffer.clear buffer; Buffer.add_string buffer "unknown-shuffle"

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
