// Loads a module with VASSAL's own GameModule (needs a display: run under xvfb-run), puts pieces
// from its PieceSlots on the main map and moves them as a drop does: the map's PieceMover's
// movePieces on Swing's event thread, its command sent and logged. Then it waits for the chat.
// args: the answers file (see Answers), the .vmod, how long to wait for the chat (ms), then moves
// as "piece name<TAB>from<TAB>to" (a piece is placed at from first, once), or a command of the
// module's log ("TURNTurnTracker0<TAB>state": the turn tracker advanced), decoded and executed,
// or "key<TAB>piece<TAB>key code<TAB>modifiers": the piece selected and the keystroke pressed on
// the map (VASSAL's own key listeners: the piece's traits act, the command is sent and logged),
// or "incoming<TAB>piece<TAB>to": the move as another player's client sends it (a MovePiece
// encoded to its string) received by VASSAL's CommandDecoder (the server connection's listener:
// decoded, executed and logged on Swing's thread), or "undo": VASSAL's Undo (BasicLogger.undo,
// what its Undo button does), or "incoming-undo": the other player's Undo of their last incoming
// move (its undo command, as their VASSAL sends it), or "replay<TAB>piece<TAB>to": the move as a
// .vlog holds it ("LOG\t" and the command) loaded and stepped forward (BasicLogger.step, what
// its Step button does), or "place<TAB>piece<TAB>at": a piece put on the map, not moved, or
// "gkc<TAB>name<TAB>pieces": the main map's Global Key Command of that name, as its button does
// (MassKeyCommand.apply), moving that many pieces, or "start": the game starts with the pieces
// where they are (its game components set up, as GameState.setup(true) does).
// answers: "mover<TAB>the map's PieceMover class", then per move "moved<TAB>name<TAB>location
// after<TAB>ms the move held the event thread", then "chat<TAB>line" per line of the chat.
import VASSAL.build.GameModule;
import VASSAL.build.module.BasicLogger;
import VASSAL.build.module.Chatter;
import VASSAL.build.module.GameComponent;
import VASSAL.build.module.Map;
import VASSAL.build.module.map.BoardPicker;
import VASSAL.build.module.map.MassKeyCommand;
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.widget.PieceSlot;
import VASSAL.chat.ChatServerConnection;
import VASSAL.chat.CommandDecoder;
import VASSAL.command.Command;
import VASSAL.command.MovePiece;
import VASSAL.counters.DragBuffer;
import VASSAL.counters.GamePiece;
import VASSAL.counters.KeyBuffer;
import VASSAL.counters.PieceCloner;
import java.awt.Point;
import java.awt.event.KeyEvent;
import java.awt.event.KeyListener;
import java.beans.PropertyChangeEvent;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import javax.swing.SwingUtilities;
import javax.swing.text.Document;

public class RefereeProbe {
  public static void main(String[] args) {
    VassalModule.main(args, RefereeProbe::run);
  }

  static Point pointOf(Map map, String name) throws Exception {
    for (Board b : map.getBoards()) {
      try {
        Point p = b.getGrid().getLocation(name);
        p.translate(b.bounds().x, b.bounds().y);
        return p;
      }
      catch (Exception e) {
        // not on this board
      }
    }
    throw new IllegalArgumentException("no location " + name);
  }

  static String chat(GameModule module) throws Exception {
    Field f = Chatter.class.getDeclaredField("doc");
    f.setAccessible(true);
    Document doc = (Document) f.get(module.getChatter());
    return doc.getText(0, doc.getLength());
  }

  /** VASSAL's chat window as a player sees it, painted into a PNG (for the documentation). */
  static void chatPicture(GameModule module, java.io.File file) throws Exception {
    SwingUtilities.invokeAndWait(() -> {
      javax.swing.JFrame frame = new javax.swing.JFrame("VASSAL chat");
      frame.getContentPane().add(module.getChatter());
      frame.setSize(1100, 260);
      frame.setVisible(true);
      frame.validate();
    });
    Thread.sleep(500);
    SwingUtilities.invokeAndWait(() -> {
      java.awt.Component c = module.getChatter();
      java.awt.image.BufferedImage img = new java.awt.image.BufferedImage(
          c.getWidth(), c.getHeight(), java.awt.image.BufferedImage.TYPE_INT_RGB);
      java.awt.Graphics2D g = img.createGraphics();
      c.printAll(g);
      g.dispose();
      try {
        javax.imageio.ImageIO.write(img, "png", file);
      }
      catch (java.io.IOException e) {
        throw new RuntimeException(e);
      }
    });
  }

  static void run(String[] args) throws Exception {
    GameModule module = VassalModule.open(args[1]);
    long wait = Long.parseLong(args[2]);
    for (BoardPicker picker : module.getAllDescendantComponentsOf(BoardPicker.class)) {
      picker.setup(true);
    }
    Map map = Map.getMapList().get(0);
    StringBuilder out = new StringBuilder();
    out.append("mover\t").append(map.getPieceMover().getClass().getName()).append('\n');
    java.util.Map<String, PieceSlot> slots = new HashMap<>();
    for (PieceSlot slot : module.getAllDescendantComponentsOf(PieceSlot.class)) {
      slots.put(slot.getPiece().getName(), slot);
    }
    java.util.Map<String, GamePiece> placed = new HashMap<>();
    int before = chat(module).length();
    int want = 0;
    GamePiece last = null;  // the piece moved last, which an undo moves back
    Command lastIncoming = null;
    for (int k = 3; k < args.length; k++) {
      if (args[k].startsWith("TURN")) {
        Command turn = module.decode(args[k]);
        if (turn == null) {
          throw new IllegalArgumentException("the module decodes no command " + args[k]);
        }
        SwingUtilities.invokeAndWait(turn::execute);
        continue;
      }
      String[] move = args[k].split("\t");
      if (move[0].equals("place")) {  // "place<TAB>piece<TAB>at": on the map, no move
        GamePiece piece = PieceCloner.getInstance().clonePiece(slots.get(move[1]).getPiece());
        map.placeAt(piece, pointOf(map, move[2]));
        module.getGameState().addPiece(piece);
        placed.put(move[1], piece);
        continue;
      }
      want++;
      if (move[0].equals("start")) {
        // the game starts, as a new game, a save or a log loaded end: every game component set up
        // in turn, as GameState.setup(true) does (which first shows its set-up wizard, whose
        // library the test machine lacks)
        want++;
        SwingUtilities.invokeAndWait(() -> {
          for (GameComponent gc : new ArrayList<>(module.getGameState().getGameComponents())) {
            gc.setup(true);
          }
        });
        continue;
      }
      if (move[0].equals("gkc")) {  // "gkc<TAB>name<TAB>n": the map's Global Key Command, as its button does
        MassKeyCommand gkc = null;
        for (MassKeyCommand m : map.getComponentsOf(MassKeyCommand.class)) {
          if (move[1].equals(m.getConfigureName())) {
            gkc = m;
          }
        }
        MassKeyCommand press = gkc;
        long[] held = new long[1];
        SwingUtilities.invokeAndWait(() -> {
          long t0 = System.nanoTime();
          press.apply();
          held[0] = (System.nanoTime() - t0) / 1_000_000;
        });
        want += Integer.parseInt(move[2]) - 1;  // a line per piece it moves
        out.append("moved\tgkc\t\t").append(held[0]).append('\n');
        continue;
      }
      if (move[0].equals("key") || move[0].startsWith("incoming") || move[0].equals("undo")
          || move[0].equals("replay")) {
        GamePiece p = move[0].equals("undo") || move[0].equals("incoming-undo") ? last : placed.get(move[1]);
        long[] held = new long[1];
        if (move[0].equals("key")) {
          KeyEvent press = new KeyEvent(map.getView(), KeyEvent.KEY_PRESSED, System.currentTimeMillis(),
              Integer.parseInt(move[3]), Integer.parseInt(move[2]), KeyEvent.CHAR_UNDEFINED);
          SwingUtilities.invokeAndWait(() -> {
            long t0 = System.nanoTime();
            KeyBuffer.getBuffer().clear();
            KeyBuffer.getBuffer().add(p);
            for (KeyListener l : map.getView().getKeyListeners()) {
              l.keyPressed(press);
            }
            held[0] = (System.nanoTime() - t0) / 1_000_000;
          });
        }
        else if (move[0].startsWith("incoming")) {
          Command c;
          if (move[0].equals("incoming-undo")) {  // the other player's Undo of their last move
            c = lastIncoming.getUndoCommand();
          }
          else {  // their move, with the report their VASSAL writes in the chat
            Point to = pointOf(map, move[2]);
            c = new MovePiece(p.getId(), map.getIdentifier(), to, null,
                map.getIdentifier(), p.getPosition(), null, "another player");
            c.append(new Chatter.DisplayText(module.getChatter(), "* " + move[1] + " moves "
                + map.locationName(p.getPosition()) + " -> " + move[2] + " *"));
            lastIncoming = c;
          }
          String sent = module.encode(c);
          long t0 = System.nanoTime();
          new CommandDecoder().propertyChange(
              new PropertyChangeEvent(module.getServer(), ChatServerConnection.INCOMING_MSG, null, sent));
          SwingUtilities.invokeAndWait(() -> { });  // its execution, queued on Swing's thread
          held[0] = (System.nanoTime() - t0) / 1_000_000;
        }
        else if (move[0].equals("replay")) {  // a step of a .vlog: its command, then Step forward
          Command c = new MovePiece(p.getId(), map.getIdentifier(), pointOf(map, move[2]), null,
              map.getIdentifier(), p.getPosition(), null, "a logged player");
          Command logged = module.decode("LOG\t" + module.encode(c));  // as the .vlog holds it
          java.lang.reflect.Method step = BasicLogger.class.getDeclaredMethod("step");
          step.setAccessible(true);
          SwingUtilities.invokeAndWait(() -> {
            logged.execute();  // the log's command joins the steps to replay
            long t0 = System.nanoTime();
            try {
              step.invoke(module.getLogger());
            }
            catch (ReflectiveOperationException e) {
              throw new RuntimeException(e);
            }
            held[0] = (System.nanoTime() - t0) / 1_000_000;
          });
        }
        else {
          java.lang.reflect.Method undo = BasicLogger.class.getDeclaredMethod("undo");
          undo.setAccessible(true);
          SwingUtilities.invokeAndWait(() -> {
            long t0 = System.nanoTime();
            try {
              undo.invoke(module.getLogger());
            }
            catch (ReflectiveOperationException e) {
              throw new RuntimeException(e);
            }
            held[0] = (System.nanoTime() - t0) / 1_000_000;
          });
        }
        String name = move[0].endsWith("undo") ? "undo" : move[1];
        String where = map.locationName(p.getPosition());
        last = p;
        out.append("moved\t").append(name).append('\t').append(where).append('\t').append(held[0]).append('\n');
        continue;
      }
      GamePiece piece = placed.get(move[0]);
      if (piece == null) {
        piece = PieceCloner.getInstance().clonePiece(slots.get(move[0]).getPiece());
        map.placeAt(piece, pointOf(map, move[1]));
        module.getGameState().addPiece(piece);
        placed.put(move[0], piece);
      }
      Point to = pointOf(map, move[2]);
      GamePiece p = piece;
      last = piece;
      long[] held = new long[1];
      SwingUtilities.invokeAndWait(() -> {
        long t0 = System.nanoTime();
        DragBuffer.getBuffer().clear();
        DragBuffer.getBuffer().add(p);
        Command c = map.getPieceMover().movePieces(map, to);
        module.sendAndLog(c);
        held[0] = (System.nanoTime() - t0) / 1_000_000;
      });
      out.append("moved\t").append(move[0]).append('\t')
         .append(map.locationName(p.getPosition())).append('\t').append(held[0]).append('\n');
    }
    // the verdicts come back on the referee's threads and reach the chat through Swing's queue
    long end = System.currentTimeMillis() + wait;
    String text = "";
    while (System.currentTimeMillis() < end) {
      SwingUtilities.invokeAndWait(() -> { });
      text = chat(module).substring(Math.min(before, chat(module).length()));
      // a line per move (the note on the phase the referee assumes is not one)
      int lines = text.split("railhead referee", -1).length - text.split("judged in the referee's", -1).length;
      if (lines >= want) {
        break;
      }
      Thread.sleep(50);
    }
    String shot = System.getenv("RAILHEAD_PROBE_CHAT_PNG");
    if (shot != null && !shot.isEmpty()) {
      chatPicture(module, new java.io.File(shot));
    }
    for (String line : text.split("\n")) {
      if (!line.trim().isEmpty()) {
        out.append("chat\t").append(line.trim()).append('\n');
      }
    }
    Answers.write(args, out);
  }
}
