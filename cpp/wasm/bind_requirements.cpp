// cpp/wasm/bind_requirements.cpp — document 002's four requirements measured per code (requirements.hpp)
// Adapts JavaScript values to the C++ core and back; errors go through the bridge (bridge.hpp). No maths here.
#include <algorithm>
#include <limits>
#include <string>

#include "bridge.hpp"
#include "poslab/requirements.hpp"

using emscripten::val;
using namespace poslab_js;

namespace {

// {closest: {posA, posB, distance}, deterministic, extends, grid, spread}
val checks_object(const poslab::RequirementChecks& c) {
  val closest = val::object();
  closest.set("posA", c.closest.pos_a);
  closest.set("posB", c.closest.pos_b);
  closest.set("distance", c.closest.distance);
  val out = val::object();
  out.set("closest", closest);
  out.set("deterministic", c.deterministic);
  out.set("extends", c.extends);
  out.set("grid", c.grid);
  out.set("spread", c.spread);
  return out;
}

// max_len and d_model as the core's int arguments. A value past int's range is clamped to its edge, still out
// of the core's range, so the core's own check refuses it naming the real limits.
int whole(const char* name, double value) {
  const long long v = to_integer(name, value);
  return static_cast<int>(std::clamp<long long>(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
}

val sinusoidal_requirements(double max_len, double d_model) {
  return guarded([&] { return checks_object(poslab::sinusoidal_requirements(whole("max_len", max_len), whole("d_model", d_model))); });
}

val rope_requirements(double max_len, double d_model) {
  return guarded([&] { return checks_object(poslab::rope_requirements(whole("max_len", max_len), whole("d_model", d_model))); });
}

// The seeds come back as decimal text: a seed may be up to 2^64 − 1, past what a JavaScript number holds.
val learned_requirements(double max_len, double d_model, const val& seed) {
  return guarded([&] {
    const auto c = poslab::learned_requirements(whole("max_len", max_len), whole("d_model", d_model), to_seed(seed));
    val out = checks_object(c);
    out.set("seed", std::to_string(c.seed));
    out.set("nextSeed", std::to_string(c.next_seed));
    out.set("redraw", c.redraw);
    // Not thrown: the lookup's error as a value the page describes in the reader's language.
    out.set("missing", js_error(c.missing.what(), &c.missing));
    return out;
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(poslab_requirements) {
  emscripten::function("sinusoidalRequirements", &sinusoidal_requirements);
  emscripten::function("ropeRequirements", &rope_requirements);
  emscripten::function("learnedRequirements", &learned_requirements);
}
