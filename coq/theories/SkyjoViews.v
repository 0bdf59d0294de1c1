(** * Skyjo: the public view, and that it leaks nothing (S-INFO-1, S-INFO-2).

    Every seat, and the spectator, sees the same public view (S-INFO-2): each grid with
    its face-up cards, its face-down places shown as face down without their value,
    its removed places as gone; the discard pile; the size of the draw pile; the phase
    of the round, with the card held and whether it was drawn (S-TURN-3); whose turn
    it is, the turn counters and the round ender; whether the reveals of S-SETUP-4 are
    being chosen (the choices themselves stay hidden until everyone has chosen), the
    starter, the round's number and the finished rounds with their scores (S-INFO-1).
    Hidden from everyone, the owner included: the face-down cards' values and the draw
    pile's order (S-INFO-2).

    The theorems: the view is the same for every seat ([gview_same]); two games that
    agree on everything public, written out part by part ([gagree]), give the same
    view and conversely ([gview_noninterference]); the legal moves computed from the
    view alone are the game's ([gview_legal_moves]), so games no one can tell apart
    have the same legal moves ([glegal_moves_noninterference]). *)

From Coq Require Import List Arith ZArith Bool Lia.
Import ListNotations.
From SkipBoProofs Require Import SkipBo Skyjo SkyjoGame.

(** ** The view *)

Inductive seen_place := SGone | SDown | SUp (v : Z).

Definition seen (q : place) : seen_place :=
  match q with Gone => SGone | Down _ => SDown | Up v => SUp v end.

Record round_view := mkRoundView {
  rv_grids : list (list seen_place);
  rv_discard : list Z;
  rv_draw_size : nat;
  rv_current : nat;
  rv_phase : phase;
  rv_turns : nat;
  rv_stall_turns : nat;
  rv_ender : option nat
}.

Record game_view := mkGameView {
  gv_round : round_view;
  gv_revealing : bool;
  gv_starter : nat;
  gv_number : nat;
  gv_history : list round_record
}.

Definition round_view_of (s : sstate) : round_view :=
  mkRoundView (map (map seen) (grids s)) (discard_pile s) (length (sdraw_pile s))
    (scurrent s) (sphase s) (turns s) (sstall_turns s) (ender s).

(** Seat [k]'s view ([None]: the spectator's): the public view, whoever looks. *)
Definition gview (s : gstate) (k : option nat) : game_view :=
  mkGameView (round_view_of (ground s)) (grevealing s) (gstarter s) (gnumber s)
    (ghistory s).

(** S-INFO-2: every seat's view is the same public view, the spectator's. *)
(* kind: restates *)
Theorem gview_same s k : gview s k = gview s None.
Proof. reflexivity. Qed.

(** ** Everything public, part by part (S-INFO-1) *)

(** Two places look the same: both gone, both face down (whatever their values), or
    both face up with the same card. *)
Definition same_look (q1 q2 : place) : Prop :=
  (q1 = Gone <-> q2 = Gone) /\ (forall v, q1 = Up v <-> q2 = Up v).

Definition gagree (s1 s2 : gstate) : Prop :=
  let r1 := ground s1 in let r2 := ground s2 in
  length (grids r1) = length (grids r2)
  /\ (forall i, length (nth i (grids r1) []) = length (nth i (grids r2) [])
                /\ forall p, same_look (nth p (nth i (grids r1) []) Gone)
                                       (nth p (nth i (grids r2) []) Gone))
  /\ discard_pile r1 = discard_pile r2
  /\ length (sdraw_pile r1) = length (sdraw_pile r2)
  /\ scurrent r1 = scurrent r2
  /\ sphase r1 = sphase r2
  /\ turns r1 = turns r2
  /\ sstall_turns r1 = sstall_turns r2
  /\ ender r1 = ender r2
  /\ grevealing s1 = grevealing s2
  /\ gstarter s1 = gstarter s2
  /\ gnumber s1 = gnumber s2
  /\ ghistory s1 = ghistory s2.

Lemma seen_eq q1 q2 : seen q1 = seen q2 <-> same_look q1 q2.
Proof.
  unfold same_look. split.
  - destruct q1 as [|a|a], q2 as [|b|b]; simpl; intros H; try discriminate;
      try (injection H as ->);
      (split; [split; intros; congruence|intros v; split; intros; congruence]).
  - intros [H1 H2]. destruct q1 as [|a|a], q2 as [|b|b]; simpl; try reflexivity;
      first [ discriminate (proj1 H1 eq_refl) | discriminate (proj2 H1 eq_refl)
            | discriminate (proj2 (H2 b) eq_refl) | discriminate (proj1 (H2 a) eq_refl)
            | injection (proj1 (H2 a) eq_refl) as ->; reflexivity ].
Qed.

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

Lemma grids_seen_eq (gs1 gs2 : list grid) :
  map (map seen) gs1 = map (map seen) gs2 <->
  length gs1 = length gs2
  /\ (forall i, length (nth i gs1 []) = length (nth i gs2 [])
                /\ forall p, same_look (nth p (nth i gs1 []) Gone) (nth p (nth i gs2 []) Gone)).
Proof.
  rewrite (map_eq_nth _ []). split; intros [L H]; split; try exact L; intros i.
  - specialize (H i). apply (map_eq_nth _ Gone) in H. destruct H as [L' H'].
    split; [exact L'|]. intros p. apply seen_eq. apply H'.
  - destruct (H i) as [L' H']. apply (map_eq_nth _ Gone). split; [exact L'|].
    intros p. apply seen_eq. apply H'.
Qed.

(** Noninterference: two games give every seat (and the spectator) the same view exactly
    when they agree on everything public; the face-down cards' values (the owner's
    included), the draw pile's order and the reveals being chosen may differ. *)
(* kind: rules *)
Theorem gview_noninterference k s1 s2 : gagree s1 s2 <-> gview s1 k = gview s2 k.
Proof.
  unfold gagree, gview, round_view_of. split.
  - intros (Lg & Hg & Ed & Ldp & Ec & Ep & Et & Es & Ee & Er & Est & En & Eh).
    assert (M : map (map seen) (grids (ground s1)) = map (map seen) (grids (ground s2)))
      by (apply grids_seen_eq; auto).
    rewrite M, Ed, Ldp, Ec, Ep, Et, Es, Ee, Er, Est, En, Eh. reflexivity.
  - intros E. injection E as M Ed Ldp Ec Ep Et Es Ee Er Est En Eh.
    apply grids_seen_eq in M. destruct M as [Lg Hg]. cbv zeta.
    refine (conj Lg (conj Hg _)). auto 20.
Qed.

(** ** The legal moves, computed from the view alone *)

Definition sis_down (q : seen_place) : bool := match q with SDown => true | _ => false end.
Definition sis_there (q : seen_place) : bool := match q with SGone => false | _ => true end.

Definition vgrid (v : round_view) : list seen_place := nth (rv_current v) (rv_grids v) [].

Definition vdowns (g : list seen_place) : list nat :=
  filter (fun p => sis_down (nth p g SGone)) (seq 0 (length g)).

Definition vslegal_moves (v : round_view) : list smove :=
  let g := vgrid v in
  match rv_phase v with
  | Take =>
      (match rv_discard v with [] => [] | _ => [TakeDiscard] end)
      ++ (if negb (Nat.eqb (rv_draw_size v) 0) || (2 <=? length (rv_discard v))
          then [Draw] else [])
  | PlaceCard _ d =>
      map Swap (filter (fun p => sis_there (nth p g SGone)) (seq 0 (length g)))
      ++ (if d then map DiscardFlip (vdowns g) else [])
  | Scored _ => []
  end.

Definition vglegal_moves (v : game_view) : list gmove :=
  if gv_revealing v then
    let g := vgrid (gv_round v) in
    if negb (is_takeb (rv_phase (gv_round v))) then [] else
    flat_map (fun a => map (GReveal a) (filter (fun b => a <? b) (vdowns g))) (vdowns g)
  else map GTurn (vslegal_moves (gv_round v)).

Lemma vgrid_seen s : vgrid (round_view_of s) = map seen (sgrid s).
Proof.
  unfold vgrid, sgrid, round_view_of. simpl.
  replace (@nil seen_place) with (map seen []) by reflexivity. apply map_nth.
Qed.

Lemma filter_seen (f : seen_place -> bool) (h : place -> bool) (g : grid) :
  (forall q, f (seen q) = h q) ->
  filter (fun p => f (nth p (map seen g) SGone)) (seq 0 (length (map seen g)))
  = filter (fun p => h (nth p g Gone)) (seq 0 (length g)).
Proof.
  intros H. rewrite map_length. apply filter_ext. intros p.
  replace SGone with (seen Gone) by reflexivity. rewrite map_nth. apply H.
Qed.

Lemma vdowns_seen g : vdowns (map seen g) = downs g.
Proof. unfold vdowns, downs. apply filter_seen. intros []; reflexivity. Qed.

(** The legal moves computed from the public view are exactly the game's legal moves,
    the reveals included. *)
(* kind: rules *)
Theorem gview_legal_moves s k : vglegal_moves (gview s k) = glegal_moves s.
Proof.
  unfold vglegal_moves, glegal_moves, gview. cbn [gv_revealing gv_round].
  rewrite vgrid_seen, vdowns_seen. destruct (grevealing s); [reflexivity|]. f_equal.
  unfold vslegal_moves, slegal_moves. rewrite vgrid_seen. simpl.
  destruct (sphase (ground s)) as [|h d|sc]; [|rewrite vdowns_seen|reflexivity].
  - destruct (sdraw_pile (ground s)); reflexivity.
  - rewrite (filter_seen _ is_thereb) by (intros []; reflexivity). reflexivity.
Qed.

(** Two games no one can tell apart have the same legal moves: the face-down values and
    the draw pile's order decide nothing a player may do. *)
(* kind: rules *)
Corollary glegal_moves_noninterference s1 s2 :
  gagree s1 s2 -> glegal_moves s1 = glegal_moves s2.
Proof.
  intros H. apply (gview_noninterference None) in H.
  rewrite <- (gview_legal_moves s1 None), <- (gview_legal_moves s2 None), H. reflexivity.
Qed.
