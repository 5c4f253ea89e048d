// railhead's referee inside a VASSAL module: every piece moved from one location to another, by
// whatever means (a drag, a keystroke's Move Fixed Distance or Send to Location, a Global Key
// Command, another player's move arriving over the server), is sent to a running `railhead serve`
// and its verdict, with its rule, written in the chat; a move that is not judged (VASSAL's Undo,
// a step of a replayed log, a piece the roster does not name, a phase the mapping lacks) gets
// one line saying why, and the referee's position follows the board all the same.
// Compiled against VASSAL's Vengine.jar by the Makefile (target vassal-referee);
// exporters/vassal/referee.py puts the classes in a module.
//
// This class is the map's PieceMover (VASSAL's own, extended; buildFile.xml names it in place of
// VASSAL.build.module.map.PieceMover, so it carries the referee's settings and is built with the
// map); it moves pieces exactly as VASSAL's does. The moves themselves are seen where VASSAL
// records commands (MoveWatch), once each, drags included.
// The requests run on a thread of the referee's own, never Swing's event thread: a referee that
// is down or slow costs VASSAL nothing but one line in the chat.
package railhead.vassal;

import VASSAL.build.Buildable;
import VASSAL.build.GameModule;
import VASSAL.build.module.map.PieceMover;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import javax.swing.SwingUtilities;

public class RailheadReferee extends PieceMover {
  public static final String REFEREE_URL = "refereeUrl";
  public static final String PHASE_PROPERTY = "phaseProperty";
  public static final String TIMEOUT_MS = "timeoutMs";

  private String refereeUrl = "http://127.0.0.1:8765/";
  private String phaseProperty = "";
  private int timeoutMs = 2000;
  // the last PUT /phase the referee took (its address first): the maps' referees share it
  private static String lastPhase = null;
  private static boolean phaseTold = false;  // without a phase mapping: the assumed phase said once
  private static boolean replayTold = false;  // a replayed log's moves: why they are not judged, once
  // railhead/vassal/referee.json in the module (add-referee --phases/--roster): read once
  private java.util.Map<?, ?> config;
  private boolean configRead = false;
  public static final String CONFIG = "railhead/vassal/referee.json";
  private HttpClient client;
  private final Object clientLock = new Object();
  // one request at a time, in the order the moves were made (every map's), on a thread of the
  // referee's own (building the HttpClient alone takes most of a second the first time)
  private static CompletableFuture<Void> queue = CompletableFuture.completedFuture(null);
  private static final Object QUEUE_LOCK = new Object();
  private static final ExecutorService ASKER = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "railhead referee");
    t.setDaemon(true);
    return t;
  });

  /** Called when VASSAL adds this mover to its map: the module's moves are watched from now on. */
  @Override
  public void addTo(Buildable b) {
    super.addTo(b);
    MoveWatch.install(this);
  }

  /**
   * A piece moved on this map (MoveWatch: whatever made the move), through the locations of
   * {@code path} (its start first): judged when it is a move made now (MOVE), else the referee
   * only follows it; one line in the chat either way. On Swing's event thread: reads the phase
   * and hands the rest to the referee's own thread.
   */
  void moved(String name, List<String> path, MoveWatch.Kind kind) {
    String from = path.get(0);
    String to = path.get(path.size() - 1);
    java.util.Map<?, ?> units = config() == null ? null : asMapOrNull(config().get("units"));
    String unit = name;
    if (units != null) {
      Object id = units.get(name);
      if (id == null) {
        notJudged(name, from, to, "not a unit in the roster: not checked");
        return;
      }
      unit = id.toString();
    }
    String what = unit + " " + from + "-" + to;
    String u = unit;
    if (kind == MoveWatch.Kind.UNDO) {
      String body = "{\"unit\": " + Json.quote(unit) + ", \"from\": " + Json.quote(to)
          + ", \"to\": " + Json.quote(from) + "}";
      enqueue(what, () -> post("take-back", body).thenAccept(r -> {
        java.util.Map<?, ?> done = r.statusCode() == 200 ? asMap(r.body()) : null;
        show("railhead referee: " + what + ": taken back (undo), not judged; " + (done == null
            ? "the referee could not follow it: " + errorOf(r)
            : Boolean.TRUE.equals(done.get("restored"))
                ? "the referee's position is as before the move"
                : "the referee has " + u + " at " + to + " again"));
      }));
      return;
    }
    if (kind == MoveWatch.Kind.REPLAY) {
      String why = replayTold
          ? "log replay: not judged"
          : "a step of the log being replayed: not judged (railhead check judges a whole log); the "
              + "referee follows the pieces";
      replayTold = true;
      enqueue(what, () -> follow(what + ": " + why, u, to));
      return;
    }
    String[] phase = currentPhase();  // {PUT /phase body or null, why the move is not judged or null}
    if (phase[1] != null) {
      enqueue(what, () -> follow(what + ": " + phase[1], u, to));
      return;
    }
    StringBuilder move = new StringBuilder("{\"unit\": ").append(Json.quote(unit)).append(", \"path\": [");
    for (int k = 0; k < path.size(); k++) {
      move.append(k == 0 ? "" : ", ").append(Json.quote(path.get(k)));
    }
    String body = move.append("]}").toString();
    enqueue(what, () -> send(what, body, phase[0], u, from, to));
  }

  /**
   * A game started (new, loaded from a save or a log: BoardFollow): the units of the referee's
   * position whose pieces stand elsewhere on the board are placed where they stand (POST /place),
   * and one line says what was done. {@code piecesAt}: each piece's name and location.
   */
  void gameStarted(java.util.Map<String, String> piecesAt) {
    java.util.Map<?, ?> units = config() == null ? null : asMapOrNull(config().get("units"));
    java.util.Map<String, String> at = new java.util.LinkedHashMap<>();  // unit -> its piece's location
    for (java.util.Map.Entry<String, String> e : piecesAt.entrySet()) {
      Object id = units == null ? e.getKey() : units.get(e.getKey());
      if (id != null) {
        at.put(id.toString(), e.getValue());
      }
    }
    enqueue("the board of the game started", () -> client()
        .sendAsync(request("GET", "position", null), HttpResponse.BodyHandlers.ofString())
        .thenCompose(r -> {
          java.util.Map<?, ?> doc = r.statusCode() == 200 ? asMap(r.body()) : null;
          Object listed = doc == null ? null : doc.get("units");
          if (!(listed instanceof List)) {
            show("railhead referee: a game started; the referee's position could not be read: " + errorOf(r));
            return CompletableFuture.completedFuture(null);
          }
          java.util.Map<String, String> known = new java.util.HashMap<>();
          for (Object u : (List<?>) listed) {
            java.util.Map<?, ?> unit = asMapOrNull(u);
            if (unit != null && unit.get("id") != null) {
              known.put(unit.get("id").toString(), String.valueOf(unit.get("hex")));
            }
          }
          List<String> strangers = new ArrayList<>();
          CompletableFuture<List<String>> placing = CompletableFuture.completedFuture(new ArrayList<>());
          for (java.util.Map.Entry<String, String> e : at.entrySet()) {
            String unit = e.getKey();
            String loc = e.getValue();
            if (!known.containsKey(unit)) {
              strangers.add(unit);
            }
            else if (!loc.equals(known.get(unit))) {
              String body = "{\"unit\": " + Json.quote(unit) + ", \"to\": " + Json.quote(loc) + "}";
              placing = placing.thenCompose(done -> post("place", body).thenApply(p -> {
                done.add(unit + " at " + loc + (p.statusCode() == 200 ? "" : " refused: " + errorOf(p)));
                return done;
              }));
            }
          }
          int absent = (int) known.keySet().stream().filter(u -> !at.containsKey(u)).count();
          return placing.thenAccept(placed -> show(startLine(at.size() - strangers.size(), placed,
              strangers.size(), absent)));
        }));
  }

  /** The one line on a game's start: what the referee's position had to follow. */
  private static String startLine(int units, List<String> placed, int strangers, int absent) {
    StringBuilder line = new StringBuilder("railhead referee: a game started: ");
    if (placed.isEmpty()) {
      line.append("the referee's position has its ").append(units).append(" unit(s) where the board has them");
    }
    else {
      line.append("the referee's position follows the board: ").append(placed.size())
          .append(" unit(s) placed where their pieces stand (")
          .append(String.join(", ", placed.subList(0, Math.min(8, placed.size()))))
          .append(placed.size() > 8 ? ", ..." : "").append(')');
    }
    if (strangers > 0) {
      line.append("; ").append(strangers).append(" piece(s) are no unit of the referee's position");
    }
    if (absent > 0) {
      line.append("; ").append(absent).append(" unit(s) of the referee's position have no piece on the board");
    }
    return line.toString();
  }

  /** One line for a move the referee is not asked about, in the order of the moves. */
  void notJudged(String name, String from, String to, String why) {
    enqueue(name, () -> {
      show("railhead referee: " + name + " " + from + "-" + to + ": " + why);
      return CompletableFuture.completedFuture(null);
    });
  }

  private static java.util.Map<?, ?> asMapOrNull(Object o) {
    return o instanceof java.util.Map ? (java.util.Map<?, ?>) o : null;
  }

  /** The module's referee.json (phase mapping, unit ids), or null when it has none. */
  private synchronized java.util.Map<?, ?> config() {
    if (!configRead) {
      configRead = true;
      try (java.io.InputStream in = GameModule.getGameModule().getDataArchive().getInputStream(CONFIG)) {
        config = asMap(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        if (config == null) {
          show("railhead referee: " + CONFIG + " of the module is not a JSON object: ignored");
        }
      }
      catch (java.io.IOException e) {
        config = null;  // no such entry: a module without a mapping
      }
    }
    return config;
  }

  private static String property(Object name) {
    if (name == null) {
      return null;
    }
    Object v = GameModule.getGameModule().getProperty(name.toString());
    return v == null ? null : v.toString();
  }

  /**
   * The phase of the next moves: {the body of PUT /phase (null: leave the referee's), why a move
   * is not judged (null: it is)}. With the module's phase mapping, the turn tracker's level values
   * (VASSAL's global properties named by the levels) are translated to the ruleset's phase and
   * side (and the turn, from the tracker's turn counter when the mapping names it); a value the
   * mapping lacks is not judged, a set-up value neither.
   */
  private String[] currentPhase() {
    java.util.Map<?, ?> cfg = config();
    java.util.Map<?, ?> phases = cfg == null ? null : asMapOrNull(cfg.get("phases"));
    if (phases != null) {
      String value = property(cfg.get("phase_property"));
      java.util.Map<?, ?> entry = asMapOrNull(phases.get(value));
      if (entry == null) {
        return new String[] {null, "the turn tracker's phase '" + value
            + "' is not in the module's phase mapping: not checked"};
      }
      if (Boolean.TRUE.equals(entry.get("setup"))) {
        return new String[] {null, "set-up ('" + value + "'): not judged"};
      }
      Object side = entry.get("side");
      java.util.Map<?, ?> sides = asMapOrNull(cfg.get("sides"));
      if (side == null && sides != null && cfg.get("side_property") != null) {
        side = sides.get(property(cfg.get("side_property")));
      }
      String body = "{\"phase\": " + Json.quote(entry.get("phase").toString())
          + (side == null ? "" : ", \"side\": " + Json.quote(side.toString()))
          + turn(property(cfg.get("turn_property"))) + "}";
      return new String[] {body, null};
    }
    if (phaseProperty == null || phaseProperty.isEmpty()) {
      return new String[] {null, null};
    }
    String v = property(phaseProperty);
    return new String[] {v == null || v.isEmpty() ? null : "{\"phase\": " + Json.quote(v) + "}", null};
  }

  /** {@code , "turn": N} from the value of the tracker's turn counter, or "" when it gives none. */
  private static String turn(String value) {
    try {
      int n = Integer.parseInt(value == null ? "" : value.trim());
      return n >= 1 ? ", \"turn\": " + n : "";
    }
    catch (NumberFormatException e) {
      return "";
    }
  }

  /**
   * The referee's HTTP client, built on first use by the asking threads (most of a second the first
   * time) under a lock of its own: Swing's thread, which reads the configuration under this
   * object's, never waits for it.
   */
  private HttpClient client() {
    synchronized (clientLock) {
      if (client == null) {
        client = HttpClient.newBuilder()
            .connectTimeout(Duration.ofMillis(timeoutMs))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
      }
      return client;
    }
  }

  private HttpRequest request(String method, String endpoint, String body) {
    String base = refereeUrl.endsWith("/") ? refereeUrl : refereeUrl + "/";
    return HttpRequest.newBuilder(URI.create(base + endpoint))
        .timeout(Duration.ofMillis(timeoutMs))
        .header("Content-Type", "application/json")
        .method(method, body == null
            ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private CompletableFuture<HttpResponse<String>> post(String endpoint, String body) {
    return client().sendAsync(request("POST", endpoint, body), HttpResponse.BodyHandlers.ofString());
  }

  /**
   * Runs {@code step} on the referee's thread after every earlier move's; never waits. A referee
   * that cannot be reached costs one line naming the move ({@code what}).
   */
  private void enqueue(String what, Supplier<CompletableFuture<Void>> step) {
    synchronized (QUEUE_LOCK) {
      queue = queue.handle((ok, failed) -> (Void) null).thenComposeAsync(ignored -> {
        try {
          return step.get().exceptionally(t -> {
            show("railhead referee: not reachable at " + refereeUrl + " (" + cause(t)
                + "); " + what + " not checked");
            return null;
          });
        }
        catch (RuntimeException e) {  // a malformed address, say: one line; the next move is asked
          show("railhead referee: " + what + " not checked: " + cause(e));
          return CompletableFuture.completedFuture(null);
        }
      }, ASKER);
    }
  }

  /**
   * A move the board made and the referee did not: the unit put where the board has it
   * (POST /place), then {@code line} in the chat (with why the referee could not follow, if so).
   */
  private CompletableFuture<Void> follow(String line, String unit, String to) {
    String body = "{\"unit\": " + Json.quote(unit) + ", \"to\": " + Json.quote(to) + "}";
    return post("place", body).thenAccept(r -> show("railhead referee: " + line
        + (r.statusCode() == 200 ? "" : "; the referee could not follow it: " + errorOf(r))));
  }

  /** The phase (when it changed) and the move, to the referee; the verdict to the chat. */
  private CompletableFuture<Void> send(
      String what, String move, String phase, String unit, String from, String to) {
    CompletableFuture<String> phaseSet = CompletableFuture.completedFuture(null);
    String told = phase == null ? null : refereeUrl + "\n" + phase;
    if (phase != null && !told.equals(lastPhase)) {
      phaseSet = client()
          .sendAsync(request("PUT", "phase", phase), HttpResponse.BodyHandlers.ofString())
          .thenApply(r -> {
            if (r.statusCode() == 200) {
              lastPhase = told;
              return null;
            }
            return "phase " + phase + " refused: " + errorOf(r);
          });
    }
    else if (phase == null && !phaseTold) {
      // no phase from the module: say once which phase the referee judges in (never silently)
      phaseSet = client()
          .sendAsync(request("PUT", "phase", "{}"), HttpResponse.BodyHandlers.ofString())
          .thenApply(r -> {
            java.util.Map<?, ?> now = r.statusCode() == 200 ? asMap(r.body()) : null;
            if (now != null) {
              phaseTold = true;
              show("railhead referee: the module gives no phase (add-referee --phases): moves are "
                  + "judged in the referee's, " + now.get("phase") + " of " + now.get("active_side")
                  + ", turn " + now.get("turn"));
            }
            return null;
          });
    }
    return phaseSet.thenCompose(refused -> {
      if (refused != null) {
        return follow(what + ": " + refused, unit, to);
      }
      return post("apply", move).thenCompose(r -> {
        if (r.statusCode() == 400) {
          return byReach(what, unit, from, to, errorOf(r));
        }
        return judged(verdictLine(what, r), r, unit, to);
      });
    });
  }

  /** The verdict's line, once an illegal move left on the board has been placed there. */
  private CompletableFuture<Void> judged(String line, HttpResponse<String> r, String unit, String to) {
    java.util.Map<?, ?> doc = r.statusCode() == 200 ? asMap(r.body()) : null;
    if (doc != null && Boolean.FALSE.equals(doc.get("applied"))) {
      return follow(line.substring("railhead referee: ".length()), unit, to);
    }
    show(line);
    return CompletableFuture.completedFuture(null);
  }

  /**
   * A drag names only the two ends of a move; when the referee refuses them as a path (400: two
   * locations that are not adjacent, say), the unit's reach gives the cheapest legal path to the
   * drop, which is then judged and made. Not within reach: illegal, with the reach's reasons.
   */
  private CompletableFuture<Void> byReach(
      String what, String unit, String from, String to, String refused) {
    return post("reach", "{\"unit\": " + Json.quote(unit) + "}").thenCompose(r -> {
      java.util.Map<?, ?> reach = r.statusCode() == 200 ? asMap(r.body()) : null;
      if (reach == null || !from.equals(reach.get("from"))) {
        return follow(what + ": " + refused, unit, to);  // the first answer says why
      }
      List<String> path = null;
      Object hexes = reach.get("hexes");
      for (Object h : hexes instanceof List ? (List<?>) hexes : List.of()) {
        java.util.Map<?, ?> hex = (java.util.Map<?, ?>) h;
        if (to.equals(hex.get("id")) && hex.get("path") instanceof List) {
          path = new ArrayList<>();
          for (Object o : (List<?>) hex.get("path")) {
            path.add(String.valueOf(o));
          }
        }
      }
      if (path == null) {
        StringBuilder line = new StringBuilder(what).append(" ILLEGAL: ");
        String reasons = reasonsOf(reach.get("reasons"));
        line.append(reasons.isEmpty()
            ? to + " is not within " + unit + "'s reach (movement allowance "
                + reach.get("movement_allowance") + ")"
            : reasons);
        return follow(line.toString(), unit, to);
      }
      StringBuilder body = new StringBuilder("{\"unit\": ").append(Json.quote(unit))
          .append(", \"path\": [");
      for (int k = 0; k < path.size(); k++) {
        body.append(k == 0 ? "" : ", ").append(Json.quote(path.get(k)));
      }
      String by = what + " by " + String.join("-", path);
      return post("apply", body.append("]}").toString())
          .thenCompose(a -> judged(verdictLine(by, a), a, unit, to));
    });
  }

  private static java.util.Map<?, ?> asMap(String body) {
    try {
      Object doc = Json.parse(body);
      return doc instanceof java.util.Map ? (java.util.Map<?, ?>) doc : null;
    }
    catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** "R6-3 why; R10-7 why" from a record's reasons. */
  private static String reasonsOf(Object reasons) {
    StringBuilder out = new StringBuilder();
    if (reasons instanceof List) {
      for (Object o : (List<?>) reasons) {
        if (o instanceof java.util.Map) {
          java.util.Map<?, ?> reason = (java.util.Map<?, ?>) o;
          out.append(out.length() == 0 ? "" : "; ")
              .append(reason.get("rule")).append(' ').append(reason.get("message"));
        }
      }
    }
    return out.toString();
  }

  /** What went wrong, in words: the exception the HttpClient's future was completed with. */
  private String cause(Throwable t) {
    while ((t instanceof java.util.concurrent.CompletionException
        || t instanceof java.util.concurrent.ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof java.net.http.HttpTimeoutException) {
      return "no answer within " + timeoutMs + " ms";
    }
    if (t instanceof java.net.ConnectException) {
      return "connection refused";
    }
    String m = t.getMessage();
    return t.getClass().getSimpleName() + (m == null || m.isEmpty() ? "" : ": " + m);
  }

  private static String errorOf(HttpResponse<String> r) {
    try {
      Object doc = Json.parse(r.body());
      if (doc instanceof java.util.Map && ((java.util.Map<?, ?>) doc).get("error") != null) {
        return String.valueOf(((java.util.Map<?, ?>) doc).get("error"));
      }
    }
    catch (IllegalArgumentException e) {
      // not JSON: the status says enough
    }
    return "HTTP " + r.statusCode();
  }

  /** "railhead referee: GE-1 1401-1502 legal (2 MP)" or "... ILLEGAL: R10-7 why; ...". */
  static String verdictLine(String what, HttpResponse<String> r) {
    if (r.statusCode() != 200) {
      return "railhead referee: " + what + ": " + errorOf(r);
    }
    java.util.Map<?, ?> doc;
    try {
      doc = (java.util.Map<?, ?>) Json.parse(r.body());
    }
    catch (IllegalArgumentException | ClassCastException e) {
      return "railhead referee: " + what + ": unreadable answer";
    }
    Object verdict = doc.containsKey("verdict") ? doc.get("verdict") : doc;
    java.util.Map<?, ?> v = (java.util.Map<?, ?>) verdict;
    StringBuilder out = new StringBuilder("railhead referee: ").append(what);
    if (Boolean.TRUE.equals(v.get("legal"))) {
      out.append(" legal");
      if (v.get("mp") != null) {
        out.append(" (").append(v.get("mp")).append(" MP)");
      }
    }
    else {
      out.append(" ILLEGAL");
      String reasons = reasonsOf(v.get("reasons"));
      if (!reasons.isEmpty()) {
        out.append(": ").append(reasons);
      }
    }
    return out.toString();
  }

  /** A line in this player's chat, on Swing's thread (not sent to the other players). */
  static void show(String line) {
    SwingUtilities.invokeLater(() -> GameModule.getGameModule().warn(line));
  }

  @Override
  public String[] getAttributeNames() {
    String[] own = super.getAttributeNames();
    String[] all = Arrays.copyOf(own, own.length + 3);
    all[own.length] = REFEREE_URL;
    all[own.length + 1] = PHASE_PROPERTY;
    all[own.length + 2] = TIMEOUT_MS;
    return all;
  }

  @Override
  public String getAttributeValueString(String key) {
    if (REFEREE_URL.equals(key)) {
      return refereeUrl;
    }
    if (PHASE_PROPERTY.equals(key)) {
      return phaseProperty;
    }
    if (TIMEOUT_MS.equals(key)) {
      return Integer.toString(timeoutMs);
    }
    return super.getAttributeValueString(key);
  }

  @Override
  public void setAttribute(String key, Object value) {
    if (REFEREE_URL.equals(key)) {
      if (value != null && !value.toString().isEmpty()) {
        refereeUrl = value.toString();
      }
    }
    else if (PHASE_PROPERTY.equals(key)) {
      phaseProperty = value == null ? "" : value.toString();
    }
    else if (TIMEOUT_MS.equals(key)) {
      try {
        timeoutMs = Math.max(100, Integer.parseInt(value.toString()));
      }
      catch (NumberFormatException | NullPointerException e) {
        // keep the default
      }
    }
    else {
      super.setAttribute(key, value);
    }
  }
}
