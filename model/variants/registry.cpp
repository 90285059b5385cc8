#include "model/variants/registry.h"

#include "model/variants/existentialist/existentialist.h"
#include "model/variants/orthodox/orthodox.h"
#include "model/variants/parity/parity.h"
#include "model/variants/simulchess/simulchess.h"
#include "model/variants/zeitgeist/zeitgeist.h"

namespace arbiter {

const std::vector<const Variant*>& all_variants() {
  static const std::vector<const Variant*> list = {
      &orthodox::variant(),
      &zeitgeist::variant(),
      &simulchess::variant(),
      &parity::variant(),
      &parity::single_variant(),
      &existentialist::variant(),
  };
  return list;
}

const Variant* find_variant(std::string_view id) {
  for (const Variant* v : all_variants())
    if (v->id() == id) return v;
  return nullptr;
}

}  // namespace arbiter
