// The course of one open lingering injury (seed 003), written once: what a long rest does to it,
// how a treatment ends, which injury is treated first, what its deadline does, what rot takes in
// a day. Called by the single character (model.cpp) and by each survivor of a party fight
// (party_course.cpp); each keeps its own clock, timeline, streams and story lines, and draws
// only from the stream it passes in, in the order written here.
#pragma once

#include <cstdint>

#include "rules/dnd5e/config.h"
#include "rules/dnd5e/injuries.h"
#include "sim/core/clock.h"
#include "sim/core/duration.h"
#include "sim/core/stream.h"

namespace leth::dnd5e {

// How a treatment ended (003 "Soin traditionnel").
struct TreatmentEnd {
  enum class Kind : uint8_t { Failed, Healed, InBed };
  Kind kind = Kind::Failed;
  int roll = 0;     // d20 + Medicine
  int dc = 0;       // the DC it was rolled against (before a failure's +2)
  Seconds bed = 0;  // InBed: how long the bed rest lasts
};

// The state of one injury that both courses keep; each adds its own clocks (events on a timeline
// for the single character, times for a party survivor).
struct InjuryCourse {
  uint16_t def = 0;  // index into the catalog
  Severity severity = Severity::Light;
  int dc = kTreatDc[0];
  bool open = true;
  bool treated = false;  // a successful treatment: in bed, no deadline, no decline; then healed
  int long_rests = 0;    // untreated long rests (the "Varie" default)
  Seconds next_try = 0;  // a failed treatment is tried again from then

  // A fresh injury of the catalog's row `d`, severity `sev`: the DC of its severity.
  void begin(uint16_t d, Severity sev);

  // Open, not yet treated, and not one that only magic heals: what Medicine may treat (each
  // caller adds when, and within_reach).
  bool treatable(const InjuryCatalog& cat) const {
    return open && !treated && !cat.injury(def).requires_magic;
  }
  // A DC that d20 + `medicine` can still pass: a healer or medic does not begin a treatment it
  // cannot pass (after enough failures, +2 each, the injury waits for the long rests or its
  // deadline; interpretation 14).
  bool within_reach(int medicine) const { return 20 + medicine >= dc; }

  // 003: "Les repos longs guérissent toutes les blessures légères et modérés"; a severe or
  // serious one heals untreated after the options' number of long rests (counted here), none with
  // "Aucune guérison naturelle" or "Nécessite obligatoirement un soin magique". Returns why it
  // heals at the end of this long rest ("a long rest", "long rests, untreated"), or nullptr;
  // the caller closes it. Single character: long_rest_end; party: each long rest.
  const char* long_rest(const InjuryCatalog& cat, const Options& o);

  // 003 "Soin traditionnel", at the treatment's end: d20 + Medicine against the DC, from `s`.
  // Failed: DC +2, tried again after retry_after (drawn next). Healed (light, moderate): the
  // caller closes it. InBed (severe: 2d4 days; serious: extended_bed_rest): treated, no deadline
  // nor decline, healed when the bed rest ends. Single character: treat_end; party: the medic.
  TreatmentEnd end_treatment(Stream& s, int medicine, const Duration& retry_after, const Options& o,
                             Seconds t);

  // 003: the deadliest first, an injury with a deadline, then the most severe; the higher rank
  // is treated first (ties: the caller's first). Single character: start_treatment; party: the
  // medic's choice.
  int treatment_rank(const InjuryCatalog& cat) const;

  // 003 frostbite untreated at its deadline "évolue en blessure sérieuse": it becomes the row
  // it worsens to, with that row's severity and DC, its long rests counted afresh. The new
  // deadline and the lost limb (Deadline::LoseLimb) stay with the callers, whose draws differ.
  // Single character: deadline; party: an injury's deadline.
  void worsen(const InjuryCatalog& cat);
};

// 003 rot and haemorrhage: "vos points de vie maximum sont réduits de 1d4 puis de 1d4 pour
// chaque journée suivante"; one day's loss (or the first), from `s`. Single character: the
// injury and each DailyTick; party: the fight's end and each day.
inline int rot_loss(Stream& s) {
  return s.die(4);
}

// The permanent losses one body reports at the end of an adventure (README interpretation 19):
// in a campaign a loss carried in was reported by the adventure that inflicted it, so blindness
// is new only when this adventure blinded (Cécité permanente, or the second lost eye) one who
// was not blind before. Written once for the single character and a party's members.
struct Losses {
  int eyes = 0, eyes_before = 0;
  bool blind = false, blind_before = false, deaf = false, deaf_before = false;
  void add(Permanent p, bool carried) {
    if (p == Permanent::Eye) ++(carried ? eyes_before : eyes);
    if (p == Permanent::Blindness) (carried ? blind_before : blind) = true;
    if (p == Permanent::Deafness) (carried ? deaf_before : deaf) = true;
  }
  bool new_blindness() const {
    return (blind || eyes + eyes_before >= 2) && !(blind_before || eyes_before >= 2);
  }
  bool new_deafness() const { return deaf && !deaf_before; }
};

}  // namespace leth::dnd5e
