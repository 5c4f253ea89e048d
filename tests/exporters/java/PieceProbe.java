// Asks VASSAL's own BasicCommandEncoder (from Vengine.jar) to decode piece definitions.
// stdin: one AddPiece text (+/id/type/state) per line.
// answers (to the file named by the first argument, see Answers), per line, TAB-separated: type round-trips (true/false), state round-trips, trait classes
// outermost first, Marker properties k=v;, then VASSAL's own type|state with TABs as <TAB> -- or ERROR, exception, the VASSAL.counters class it came
// from, message (traits that load images need a GameModule, which cannot be built headless).
import VASSAL.build.module.BasicCommandEncoder;
import VASSAL.command.AddPiece;
import VASSAL.counters.Decorator;
import VASSAL.counters.GamePiece;
import VASSAL.counters.Marker;
import VASSAL.tools.SequenceEncoder;
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class PieceProbe {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    BasicCommandEncoder encoder = new BasicCommandEncoder();
    StringBuilder out = new StringBuilder();
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isEmpty()) continue;
      SequenceEncoder.Decoder st = new SequenceEncoder.Decoder(line.substring(2), '/');
      st.nextToken();
      String type = st.nextToken();
      String state = st.nextToken();
      AddPiece add;
      try {
        add = (AddPiece) encoder.decode(line);
      }
      catch (RuntimeException e) {  // a trait that needs a loaded GameModule (images) fails here
        String where = "";
        for (StackTraceElement f : e.getStackTrace()) {
          if (f.getClassName().startsWith("VASSAL.counters.")) {
            where = f.getClassName();
            break;
          }
        }
        out.append("ERROR\t").append(e.getClass().getSimpleName()).append('\t').append(where)
           .append('\t').append(String.valueOf(e.getMessage()).replace('\n', ' ')).append('\n');
        continue;
      }
      GamePiece piece = add.getTarget();
      piece.setState(add.getState());
      StringBuilder classes = new StringBuilder();
      StringBuilder props = new StringBuilder();
      GamePiece p = piece;
      while (true) {
        classes.append(p.getClass().getSimpleName()).append(',');
        if (p instanceof Marker) {
          for (String key : ((Marker) p).getKeys()) {
            props.append(key).append('=').append(p.getProperty(key)).append(';');
          }
        }
        if (!(p instanceof Decorator)) break;
        p = ((Decorator) p).getInner();
      }
      out.append(piece.getType().equals(type)).append('\t')
         .append(piece.getState().equals(state)).append('\t')
         .append(classes).append('\t').append(props).append('\t')
         .append(new SequenceEncoder(piece.getType(), '|').append(piece.getState()).getValue().replace("\t", "<TAB>"))
         .append('\n');
    }
    Answers.write(args, out);
  }
}
