// railhead's referee inside a VASSAL module: the map's PieceMover (VASSAL's own, extended), which
// on every drop of pieces on its map asks a running `railhead serve` about each piece moved and
// writes the verdict, with its rule, in the chat. Compiled against VASSAL's Vengine.jar by the
// Makefile (target vassal-referee); exporters/vassal/referee.py puts the classes in a module.
//
// Hook: PieceMover.movePieces(Map, Point) is what VASSAL calls on a drop (performDrop), for every
// piece in the drag buffer; Map.setPieceMover (called by PieceMover.addTo) makes this subclass the
// map's mover when buildFile.xml names it in place of VASSAL.build.module.map.PieceMover.
// The request runs on an HttpClient thread, never Swing's event thread: a referee that is down or
// slow costs VASSAL nothing but one line in the chat.
package railhead.vassal;

import VASSAL.build.GameModule;
import VASSAL.build.module.Map;
import VASSAL.build.module.map.PieceMover;
import VASSAL.command.Command;
import VASSAL.counters.DragBuffer;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Stack;
import java.awt.Point;
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
import javax.swing.SwingUtilities;

public class RailheadReferee extends PieceMover {
  public static final String REFEREE_URL = "refereeUrl";
  public static final String PHASE_PROPERTY = "phaseProperty";
  public static final String TIMEOUT_MS = "timeoutMs";

  private String refereeUrl = "http://127.0.0.1:8765/";
  private String phaseProperty = "";
  private int timeoutMs = 2000;
  private String lastPhase = null;
  private boolean phaseTold = false;  // without a phase mapping: the assumed phase said once
  // railhead/vassal/referee.json in the module (add-referee --phases/--roster): read once
  private java.util.Map<?, ?> config;
  private boolean configRead = false;
  public static final String CONFIG = "railhead/vassal/referee.json";
  private HttpClient client;
  // one request at a time, in the order the moves were made, on a thread of the referee's own
  // (building the HttpClient alone takes most of a second the first time)
  private CompletableFuture<Void> queue = CompletableFuture.completedFuture(null);
  private final Object queueLock = new Object();
  private static final ExecutorService ASKER = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "railhead referee");
    t.setDaemon(true);
    return t;
  });

  /** A piece's location before a move: its map and the location's name there. */
  private static final class Before {
    final GamePiece piece;
    final Map map;
    final String where;

    Before(GamePiece piece, Map map, String where) {
      this.piece = piece;
      this.map = map;
      this.where = where;
    }
  }

  @Override
  public Command movePieces(Map target, Point p) {
    List<Before> before = new ArrayList<>();
    for (GamePiece dragged : DragBuffer.getBuffer().asList()) {
      List<GamePiece> pieces = dragged instanceof Stack
          ? ((Stack) dragged).asList() : Arrays.asList(dragged);
      for (GamePiece piece : pieces) {
        Map m = piece.getMap();
        before.add(new Before(piece, m, m == null ? null : m.locationName(piece.getPosition())));
      }
    }
    // a drop is always the local player's: a log being replayed or another player's moves arrive
    // as commands, which never pass through here (and a log being recorded still wants verdicts)
    Command moved = super.movePieces(target, p);
    String[] phase = currentPhase();  // {PUT /phase body or null, why the move is not judged or null}
    java.util.Map<?, ?> units = config() == null ? null : asMapOrNull(config().get("units"));
    for (Before b : before) {
      Map m = b.piece.getMap();
      if (b.map == null || m == null) {
        continue;  // placed from a palette or removed: no move to judge
      }
      String to = m.locationName(b.piece.getPosition());
      if (to == null || to.equals(b.where)) {
        continue;
      }
      String name = b.piece.getName();
      String unit = name;
      String skip = phase[1];
      if (units != null) {
        Object id = units.get(name);
        if (id == null) {
          skip = "not a unit in the roster: not checked";
        }
        else {
          unit = id.toString();
        }
      }
      ask(unit, b.where, to, phase[0], skip == null ? null : name + " " + b.where + "-" + to + ": " + skip);
    }
    return moved;
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
   * side; a value the mapping lacks is not judged, a set-up value neither.
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
          + (side == null ? "" : ", \"side\": " + Json.quote(side.toString())) + "}";
      return new String[] {body, null};
    }
    if (phaseProperty == null || phaseProperty.isEmpty()) {
      return new String[] {null, null};
    }
    String v = property(phaseProperty);
    return new String[] {v == null || v.isEmpty() ? null : "{\"phase\": " + Json.quote(v) + "}", null};
  }

  private synchronized HttpClient client() {
    if (client == null) {
      client = HttpClient.newBuilder()
          .connectTimeout(Duration.ofMillis(timeoutMs))
          .version(HttpClient.Version.HTTP_1_1)
          .build();
    }
    return client;
  }

  private HttpRequest request(String method, String endpoint, String body) {
    String base = refereeUrl.endsWith("/") ? refereeUrl : refereeUrl + "/";
    return HttpRequest.newBuilder(URI.create(base + endpoint))
        .timeout(Duration.ofMillis(timeoutMs))
        .header("Content-Type", "application/json")
        .method(method, HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  /** Sends the move (after the phase, when it changed) and shows the answer; never waits. */
  private void ask(String unit, String from, String to, String phase, String skip) {
    String move = "{\"unit\": " + Json.quote(unit) + ", \"path\": ["
        + Json.quote(from) + ", " + Json.quote(to) + "]}";
    String what = unit + " " + from + "-" + to;
    synchronized (queueLock) {  // not `this`: the asking thread holds that while it builds the client
      queue = queue.handle((ok, failed) -> (Void) null).thenComposeAsync(ignored -> {
        if (skip != null) {  // in the queue, so that the chat keeps the order of the moves
          show("railhead referee: " + skip);
          return CompletableFuture.completedFuture(null);
        }
        try {
          return send(what, move, phase, unit, from, to);
        }
        catch (RuntimeException e) {  // a malformed address, say: one line; the next move is asked
          show("railhead referee: " + what + " not checked: " + cause(e));
          return CompletableFuture.completedFuture(null);
        }
      }, ASKER);
    }
  }

  /** The phase (when it changed) and the move, to the referee; the verdict to the chat. */
  private CompletableFuture<Void> send(
      String what, String move, String phase, String unit, String from, String to) {
    CompletableFuture<String> phaseSet = CompletableFuture.completedFuture(null);
    if (phase != null && !phase.equals(lastPhase)) {
      phaseSet = client()
          .sendAsync(request("PUT", "phase", phase), HttpResponse.BodyHandlers.ofString())
          .thenApply(r -> {
            if (r.statusCode() == 200) {
              lastPhase = phase;
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
        show("railhead referee: " + what + ": " + refused);
        return CompletableFuture.completedFuture(null);
      }
      return client()
          .sendAsync(request("POST", "apply", move), HttpResponse.BodyHandlers.ofString())
          .thenCompose(r -> {
            if (r.statusCode() == 400) {
              return byReach(what, unit, from, to, errorOf(r));
            }
            show(verdictLine(what, r));
            return CompletableFuture.completedFuture(null);
          });
    }).exceptionally(t -> {
      show("railhead referee: not reachable at " + refereeUrl + " (" + cause(t)
          + "); " + what + " not checked");
      return null;
    });
  }

  /**
   * A drag names only the two ends of a move; when the referee refuses them as a path (400: two
   * locations that are not adjacent, say), the unit's reach gives the cheapest legal path to the
   * drop, which is then judged and made. Not within reach: illegal, with the reach's reasons.
   */
  private CompletableFuture<Void> byReach(
      String what, String unit, String from, String to, String refused) {
    return client()
        .sendAsync(request("POST", "reach", "{\"unit\": " + Json.quote(unit) + "}"),
            HttpResponse.BodyHandlers.ofString())
        .thenCompose(r -> {
          java.util.Map<?, ?> reach = r.statusCode() == 200 ? asMap(r.body()) : null;
          if (reach == null || !from.equals(reach.get("from"))) {
            show("railhead referee: " + what + ": " + refused);  // the first answer says why
            return CompletableFuture.completedFuture(null);
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
            StringBuilder line = new StringBuilder("railhead referee: ").append(what)
                .append(" ILLEGAL: ");
            String reasons = reasonsOf(reach.get("reasons"));
            line.append(reasons.isEmpty()
                ? to + " is not within " + unit + "'s reach (movement allowance "
                    + reach.get("movement_allowance") + ")"
                : reasons);
            show(line.toString());
            return CompletableFuture.completedFuture(null);
          }
          StringBuilder body = new StringBuilder("{\"unit\": ").append(Json.quote(unit))
              .append(", \"path\": [");
          for (int k = 0; k < path.size(); k++) {
            body.append(k == 0 ? "" : ", ").append(Json.quote(path.get(k)));
          }
          String by = what + " by " + String.join("-", path);
          return client()
              .sendAsync(request("POST", "apply", body.append("]}").toString()),
                  HttpResponse.BodyHandlers.ofString())
              .thenAccept(a -> show(verdictLine(by, a)));
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
  private static void show(String line) {
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
