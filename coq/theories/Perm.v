(** * A shuffle's order as positions: what the tie hands the models.

    The models take every shuffle as an input (SkipBo.v, Skyjo.v, SkyjoGame.v): a
    function giving the order the shuffled cards take.  The tie does not hand them the
    cards in that order (they would then take whatever cards the engine shuffled) but
    the positions: the new order's [i]-th card is the one at position [nth i ps] of the
    cards the model itself shuffles.  [apply_perm] applies them, and refuses positions
    that are not a permutation of [0 .. n - 1] ([n] the number of cards): then no card
    is lost or doubled ([apply_perm_permutes]), which is what the theorems of the
    models ask of a shuffle (SkipBo's conservation, Skyjo's [sstep_conserves]). *)

From Coq Require Import List Arith Bool Permutation.
Import ListNotations.

(** [n] positions, and every position below [n] among them. *)
Definition is_perm (n : nat) (ps : list nat) : bool :=
  (length ps =? n) && forallb (fun i => existsb (Nat.eqb i) ps) (seq 0 n).

(** The cards at positions [ps] of [l], in that order (a position past the end gives
    none; [apply_perm] checks them first). *)
Definition pick {A : Type} (l : list A) (ps : list nat) : list A :=
  flat_map (fun i => match nth_error l i with Some x => [x] | None => [] end) ps.

Definition apply_perm {A : Type} (ps : list nat) (l : list A) : option (list A) :=
  if is_perm (length l) ps then Some (pick l ps) else None.

Lemma pick_seq {A : Type} (l : list A) : pick l (seq 0 (length l)) = l.
Proof.
  unfold pick. induction l as [|a l IH]; [reflexivity|].
  simpl. rewrite <- seq_shift. f_equal.
  rewrite <- IH at 2. clear IH.
  induction (seq 0 (length l)) as [|i rest IHr]; [reflexivity|].
  simpl. rewrite IHr. reflexivity.
Qed.

Lemma apply_perm_permutes {A : Type} (ps : list nat) (l l' : list A) :
  apply_perm ps l = Some l' -> Permutation l l'.
Proof.
  unfold apply_perm, is_perm. destruct (length ps =? length l) eqn:Hn; simpl;
    [|discriminate].
  destruct (forallb _ _) eqn:Hall; [|discriminate]. intros H. injection H as <-.
  apply Nat.eqb_eq in Hn.
  assert (Hp : Permutation (seq 0 (length l)) ps).
  { apply NoDup_Permutation_bis.
    - apply seq_NoDup.
    - rewrite seq_length, Hn. reflexivity.
    - intros i Hi. rewrite forallb_forall in Hall. specialize (Hall i Hi).
      apply existsb_exists in Hall. destruct Hall as (j & Hj & Heq).
      apply Nat.eqb_eq in Heq. subst. exact Hj. }
  rewrite <- (pick_seq l) at 1. unfold pick. apply Permutation_flat_map. exact Hp.
Qed.
