#include "rules/dnd5e/course.h"

namespace leth::dnd5e {

namespace {

bool light_or_moderate(Severity s) {
  return s == Severity::Light || s == Severity::Moderate;
}

}  // namespace

void InjuryCourse::begin(uint16_t d, Severity sev) {
  def = d;
  severity = sev;
  dc = kTreatDc[static_cast<size_t>(sev)];
}

const char* InjuryCourse::long_rest(const InjuryCatalog& cat, const Options& o) {
  if (!open || treated) return nullptr;
  const InjuryDef& d = cat.injury(def);
  if (d.no_natural_healing || d.requires_magic) return nullptr;
  if (light_or_moderate(severity)) return "a long rest";
  const int need =
      severity == Severity::Severe ? o.untreated_severe_long_rests : o.untreated_serious_long_rests;
  return need > 0 && ++long_rests >= need ? "long rests, untreated" : nullptr;
}

TreatmentEnd InjuryCourse::end_treatment(Stream& s, int medicine, const Duration& retry_after,
                                         const Options& o, Seconds t) {
  TreatmentEnd e;
  e.roll = s.die(20) + medicine;
  e.dc = dc;
  if (e.roll < dc) {
    dc += kFailedTreatmentDcStep;
    next_try = t + retry_after.sample(s);
    return e;
  }
  if (light_or_moderate(severity)) {
    e.kind = TreatmentEnd::Kind::Healed;
    return e;
  }
  e.kind = TreatmentEnd::Kind::InBed;
  treated = true;
  if (severity == Severity::Severe)
    e.bed = (s.die(4) + s.die(4)) * kDay;
  else
    e.bed = o.extended_bed_rest.sample(s);
  return e;
}

int InjuryCourse::treatment_rank(const InjuryCatalog& cat) const {
  return (cat.injury(def).deadline != Deadline::None ? 10 : 0) + static_cast<int>(severity);
}

void InjuryCourse::worsen(const InjuryCatalog& cat) {
  def = cat.injury(def).worsens_to;
  severity = cat.injury(def).severity;
  dc = kTreatDc[static_cast<size_t>(severity)];
  long_rests = 0;
}

}  // namespace leth::dnd5e
