(** * Skip-Bo: what each seat sees, and that it leaks nothing (R-INFO-1..3).

    A seat's view, as the rules define it: every stock pile's top card and size, every
    discard pile in full, every build pile, the size of every hand, the sizes of the
    draw pile and of the set-aside (completed) cards, whose turn it is, the counters of
    the turn and the outcome (R-INFO-1), and the seat's own hand (R-INFO-2).  The
    spectator's view is the same without a hand.  Hidden from all (R-INFO-3): the
    stock cards below the top, the other hands, the order of the draw pile and of the
    completed cards.

    The theorems: two states that agree on everything seat [k] may know, written out
    part by part ([agree]), give seat [k] the same view, and conversely the view
    determines every one of those parts ([view_noninterference]); replacing what is
    hidden changes no view ([view_hides_hidden]); and the legal moves computed from the
    mover's view alone are the legal moves of the state ([view_legal_moves]), so two
    states the mover cannot tell apart have the same legal moves
    ([legal_moves_noninterference]). *)

From Coq Require Import List Arith Bool Lia.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Conservation.

(** ** The view *)

Record seat_view := mkView {
  vseat : option nat;                (** the seat looking, [None] for a spectator *)
  vhand : option (list nat);         (** that seat's own hand (R-INFO-2) *)
  vstocks : list (nat * nat);        (** each stock pile's size and top card (R-INFO-1) *)
  vdiscards : list (list (list nat));(** every discard pile, in full (R-INFO-1, R-DISC-4) *)
  vbuilds : list (list nat);         (** every build pile *)
  vhand_sizes : list nat;            (** the number of cards in each hand *)
  vdraw_size : nat;                  (** the draw pile's size *)
  vcompleted_size : nat;             (** the number of set-aside cards *)
  vcurrent : nat;                    (** whose turn it is *)
  vturn : nat;
  vturn_moves : nat;
  vempty_passes : nat;
  vstall_turns : nat;
  voutcome : option termination
}.

(** A stock pile as everyone sees it: its size and its top card. *)
Definition stock_seen (p : list nat) : nat * nat := (length p, top p).

Definition view (s : state) (k : option nat) : seat_view :=
  mkView k (option_map (fun i => nth i (hands s) []) k) (map stock_seen (stocks s))
    (discards s) (builds s) (map (@length nat) (hands s)) (length (draw_pile s))
    (length (completed s)) (current s) (turn s) (turn_moves s) (empty_passes s)
    (stall_turns s) (outcome s).

Definition spectator_view (s : state) : seat_view := view s None.

(** ** Everything seat [k] may know, part by part (R-INFO-1, R-INFO-2) *)

Definition agree (k : option nat) (s1 s2 : state) : Prop :=
  length (stocks s1) = length (stocks s2)
  /\ (forall i, length (nth i (stocks s1) []) = length (nth i (stocks s2) [])
                /\ top (nth i (stocks s1) []) = top (nth i (stocks s2) []))
  /\ discards s1 = discards s2
  /\ builds s1 = builds s2
  /\ length (hands s1) = length (hands s2)
  /\ (forall i, length (nth i (hands s1) []) = length (nth i (hands s2) []))
  /\ (forall i, k = Some i -> nth i (hands s1) [] = nth i (hands s2) [])
  /\ length (draw_pile s1) = length (draw_pile s2)
  /\ length (completed s1) = length (completed s2)
  /\ current s1 = current s2
  /\ turn s1 = turn s2
  /\ turn_moves s1 = turn_moves s2
  /\ empty_passes s1 = empty_passes s2
  /\ stall_turns s1 = stall_turns s2
  /\ outcome s1 = outcome s2.

Lemma map_eq_nth {A B} (f : A -> B) (d : A) (l1 l2 : list A) :
  map f l1 = map f l2 <->
  length l1 = length l2 /\ forall i, f (nth i l1 d) = f (nth i l2 d).
Proof.
  split.
  - intros E. split; [rewrite <- (map_length f l1), <- (map_length f l2), E; reflexivity|].
    intros i. destruct (Nat.lt_ge_cases i (length l1)) as [H|H].
    + rewrite <- (map_nth f l1 d i), <- (map_nth f l2 d i), E. reflexivity.
    + assert (length l1 = length l2) as L
        by (rewrite <- (map_length f l1), <- (map_length f l2), E; reflexivity).
      rewrite !nth_overflow by lia. reflexivity.
  - revert l2; induction l1 as [|a l1 IH]; intros [|b l2] [L H]; simpl in *; try discriminate.
    + reflexivity.
    + f_equal; [apply (H 0)|]. apply IH. split; [lia|]. intros i. apply (H (S i)).
Qed.

(** Noninterference: two states give seat [k] (or the spectator, [k = None]) the same
    view exactly when they agree on everything that seat may know. *)
(* kind: rules *)
Theorem view_noninterference k s1 s2 : agree k s1 s2 <-> view s1 k = view s2 k.
Proof.
  unfold agree, view. split.
  - intros (Ls & Hs & Ed & Eb & Lh & Hh & Ho & Ldp & Lc & Ec & Et & Em & Ep & Est & Eo).
    assert (Ms : map stock_seen (stocks s1) = map stock_seen (stocks s2)).
    { apply (map_eq_nth _ []). split; [exact Ls|]. intros i. unfold stock_seen.
      destruct (Hs i) as [A B]. rewrite A, B. reflexivity. }
    assert (Mh : map (@length nat) (hands s1) = map (@length nat) (hands s2)).
    { apply (map_eq_nth _ []). split; [exact Lh|exact Hh]. }
    assert (Oh : option_map (fun i => nth i (hands s1) []) k
                 = option_map (fun i => nth i (hands s2) []) k).
    { destruct k as [i|]; simpl; [rewrite (Ho i eq_refl)|]; reflexivity. }
    rewrite Ms, Mh, Oh, Ed, Eb, Ldp, Lc, Ec, Et, Em, Ep, Est, Eo. reflexivity.
  - intros E. injection E as Oh Ms Ed Eb Mh Ldp Lc Ec Et Em Ep Est Eo.
    apply (map_eq_nth _ []) in Ms, Mh. destruct Ms as [Ls Hs]. destruct Mh as [Lh Hh].
    refine (conj Ls (conj _ (conj Ed (conj Eb (conj Lh (conj Hh (conj _ _))))))).
    + intros i. specialize (Hs i). unfold stock_seen in Hs. injection Hs as A B. auto.
    + intros i ->. simpl in Oh. injection Oh as H. exact H.
    + auto 20.
Qed.

(** R-INFO-3: what is hidden changes no view: the stock cards below the top (any
    piles of the same sizes and tops), the other hands (any of the same sizes), the
    order and contents of the draw pile and of the completed cards (any of the same
    sizes). *)
(* kind: rules *)
Theorem view_hides_hidden k s stocks' hands' draw' completed' :
  map stock_seen stocks' = map stock_seen (stocks s) ->
  map (@length nat) hands' = map (@length nat) (hands s) ->
  (forall i, k = Some i -> nth i hands' [] = nth i (hands s) []) ->
  length draw' = length (draw_pile s) -> length completed' = length (completed s) ->
  view (mkState stocks' (discards s) hands' (builds s) draw' completed' (current s) (turn s)
          (turn_moves s) (empty_passes s) (stall_turns s) (outcome s)) k
  = view s k.
Proof.
  intros Hs Hh Ho Hd Hc. unfold view. simpl. rewrite Hs, Hh, Hd, Hc.
  destruct k as [i|]; simpl; [rewrite (Ho i eq_refl)|]; reflexivity.
Qed.

(** R-INFO-2: another seat's hand, whatever its cards, is not in a seat's view, nor in
    the spectator's. *)
(* kind: rules *)
Theorem view_hides_other_hand k s j h :
  k <> Some j -> length h = length (nth j (hands s) []) ->
  view (mkState (stocks s) (discards s) (upd (hands s) j h) (builds s) (draw_pile s)
          (completed s) (current s) (turn s) (turn_moves s) (empty_passes s)
          (stall_turns s) (outcome s)) k
  = view s k.
Proof.
  intros Hk Hl. apply view_hides_hidden; auto.
  - apply (map_eq_nth _ []). split.
    + apply upd_length.
    + intros i. destruct (Nat.eq_dec i j) as [->|Hne].
      * destruct (Nat.lt_ge_cases j (length (hands s))).
        -- rewrite nth_upd_same by assumption. exact Hl.
        -- rewrite !nth_overflow; [reflexivity|assumption|]. rewrite upd_length. exact H.
      * rewrite nth_upd_other by auto. reflexivity.
  - intros i ->. rewrite nth_upd_other; [reflexivity|]. intros E. apply Hk. congruence.
Qed.

(** ** The legal moves, computed from the mover's view alone *)

Definition vplays_allowed (r : rules) (v : seat_view) : bool :=
  match turn_move_limit r with Some l => vturn_moves v <? l | None => true end.

Definition vbuilds_for (v : seat_view) (c : nat) : list nat :=
  filter (fun b => acceptsb (nth b (vbuilds v) []) c) (seq 0 (length (vbuilds v))).

Definition vstock_moves (v : seat_view) (k : nat) : list move :=
  match nth k (vstocks v) (0, wild) with
  | (0, _) => []
  | (_, t) => map (PlayFromStock k) (vbuilds_for v t)
  end.

Definition vdiscard_pile_moves (v : seat_view) (d i : nat) : list move :=
  match nth i (nth d (vdiscards v) []) [] with
  | [] => []
  | p => map (PlayFromDiscard d i) (vbuilds_for v (top p))
  end.

(** The moves the seat looking may make: none unless it is that seat's turn. *)
Definition vlegal_moves (r : rules) (v : seat_view) : list move :=
  match voutcome v, vseat v, vhand v with
  | None, Some k, Some h =>
      if Nat.eqb k (vcurrent v) then
        (if vplays_allowed r v then
           flat_map (fun c => map (PlayFromHand c) (vbuilds_for v c)) h
           ++ flat_map (vstock_moves v) (sources r k)
           ++ flat_map (fun d => flat_map (vdiscard_pile_moves v d)
                                          (seq 0 (length (nth d (vdiscards v) []))))
                       (sources r k)
         else [])
        ++ flat_map (fun c => map (Discard c)
                                  (seq 0 (length (nth (own_set r k) (vdiscards v) [])))) h
        ++ match h with [] => [Pass] | _ => [] end
      else []
  | _, _, _ => []
  end.

Lemma flat_map_ext_eq {A B} (f g : A -> list B) l :
  (forall x, f x = g x) -> flat_map f l = flat_map g l.
Proof. intros H. induction l as [|a l IH]; simpl; [reflexivity|]. rewrite H, IH. reflexivity. Qed.

(** The mover's legal moves computed from its view are exactly the legal moves. *)
(* kind: rules *)
Theorem view_legal_moves r s : vlegal_moves r (view s (Some (current s))) = legal_moves r s.
Proof.
  set (v := view s (Some (current s))).
  assert (Sm : forall k, vstock_moves v k = stock_moves s k).
  { intros k. unfold vstock_moves, stock_moves, v, view. cbn [vstocks].
    replace (0, wild) with (stock_seen []) by reflexivity. rewrite map_nth.
    unfold stock_seen. destruct (nth k (stocks s) []); reflexivity. }
  assert (E1 : voutcome v = outcome s) by reflexivity.
  assert (E2 : vseat v = Some (current s)) by reflexivity.
  assert (E3 : vhand v = Some (hand s)) by reflexivity.
  assert (E4 : vcurrent v = current s) by reflexivity.
  assert (E5 : vplays_allowed r v = plays_allowed r s) by reflexivity.
  assert (E6 : vdiscards v = discards s) by reflexivity.
  unfold vlegal_moves, legal_moves. rewrite E1, E2, E3, E4, Nat.eqb_refl, E5, E6.
  destruct (outcome s); [reflexivity|].
  rewrite (flat_map_ext_eq _ _ _ Sm). reflexivity.
Qed.

(** Only the mover has moves: a seat whose turn it is not, and the spectator, compute
    none. *)
(* kind: restates *)
Theorem view_no_moves_off_turn r s k :
  k <> Some (current s) -> vlegal_moves r (view s k) = [].
Proof.
  intros H. unfold vlegal_moves, view. cbn [voutcome vseat vhand vcurrent].
  destruct (outcome s); [reflexivity|]. destruct k as [k|]; [|reflexivity]. simpl.
  destruct (Nat.eqb_spec k (current s)); [congruence|reflexivity].
Qed.

(** Two states the mover cannot tell apart have the same legal moves: what the mover
    may do depends on nothing hidden from it. *)
(* kind: rules *)
Corollary legal_moves_noninterference r s1 s2 :
  agree (Some (current s1)) s1 s2 -> legal_moves r s1 = legal_moves r s2.
Proof.
  intros H. pose proof H as H'. apply view_noninterference in H.
  destruct H' as (_ & _ & _ & _ & _ & _ & _ & _ & _ & Ec & _).
  rewrite <- (view_legal_moves r s1), <- (view_legal_moves r s2), H, Ec. reflexivity.
Qed.
