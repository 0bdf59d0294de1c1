(** * The Skyjo model, extracted to OCaml for the driver that ties the engine to it.

    As Extract.v for Skip-Bo: naturals and integers become OCaml integers
    (ExtrOcamlNatInt, ExtrOcamlZInt), lists, options, booleans and pairs OCaml's own
    (ExtrOcamlBasic); card values and scores are far below [max_int]. *)

From Coq Require Extraction ExtrOcamlBasic ExtrOcamlNatInt ExtrOcamlZInt.
From SkipBoProofs Require Import Skyjo SkyjoGame Perm SkyjoViews.

Extraction Language OCaml.
Extraction "skyjo_model" glegal_moves gstep new_game gdeck gover totals winners
  standard_copies apply_perm gdefault_end_score gdefault_turn_limit gdefault_stall_limit
  gdefault_round_limit gview.
