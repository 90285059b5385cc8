#include "model/variants/registry.h"

#include "model/variants/booster/booster.h"
#include "model/variants/cloak_dagger/cloak_dagger.h"
#include "model/variants/existentialist/existentialist.h"
#include "model/variants/gravity/gravity.h"
#include "model/variants/neighbour/neighbour.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parade/parade.h"
#include "model/variants/parity/parity.h"
#include "model/variants/simulchess/simulchess.h"
#include "model/variants/two_move/two_move.h"
#include "model/variants/zeitgeist/zeitgeist.h"

namespace arbiter {

namespace {
std::vector<const Variant*>& variant_list() {
  static std::vector<const Variant*> list = {
      &orthodox::variant(),
      &zeitgeist::variant(),
      &simulchess::variant(),
      &parity::variant(),
      &parity::single_variant(),
      &existentialist::variant(),
      &two_move::variant(),
      &gravity::variant(),
      &parade::variant(),
      &booster::variant(),
      &neighbour::variant(),
      &cloak_dagger::variant(),
  };
  return list;
}
std::vector<const Variant*>& staged_list() {
  static std::vector<const Variant*> list;
  return list;
}
}  // namespace

const std::vector<const Variant*>& staged_variants() { return staged_list(); }

const std::vector<const Variant*>& all_variants() { return variant_list(); }

void register_variant(const Variant& v) {
  if (find_variant(v.id())) return;
  variant_list().push_back(&v);
  staged_list().push_back(&v);
}

const Variant* find_variant(std::string_view id) {
  for (const Variant* v : all_variants())
    if (v->id() == id) return v;
  return nullptr;
}

}  // namespace arbiter
