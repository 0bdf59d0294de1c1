(** * The model, extracted to OCaml for the driver that ties the engine to it.

    Naturals become OCaml integers (ExtrOcamlNatInt), lists, options, booleans and
    pairs OCaml's own (ExtrOcamlBasic): the usual extraction, trusted as Coq's
    extraction and OCaml's compiler are (cards and counts are far below [max_int]). *)

From Coq Require Extraction ExtrOcamlBasic ExtrOcamlNatInt.
From SkipBoProofs Require Import SkipBo Views.

Extraction Language OCaml.
Extraction "skipbo_model" legal_moves step deal deck_cards view.
