// Asks VASSAL's own HexGrid/HexGridNumbering (from Vengine.jar) what it calls points of a board.
// stdin: "W H", then "grid k=v;k=v...", then "numbering k=v;...", then one "x y" per line.
// answers (written to the file named by the first argument, see Answers): one location name per point.
import VASSAL.build.module.map.boardPicker.Board;
import VASSAL.build.module.map.boardPicker.board.HexGrid;
import VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering;
import java.awt.Point;
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class NameProbe {
  static void set(VASSAL.build.AbstractConfigurable c, String line) {
    for (String kv : line.split(";")) {
      if (kv.isEmpty()) continue;
      int i = kv.indexOf('=');
      c.setAttribute(kv.substring(0, i), kv.substring(i + 1));
    }
  }

  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    String[] size = in.readLine().trim().split(" ");
    Board board = new Board();
    board.setAttribute("width", size[0]);
    board.setAttribute("height", size[1]);
    HexGrid grid = new HexGrid();
    set(grid, in.readLine().substring(5));
    grid.addTo(board);
    HexGridNumbering numbering = new HexGridNumbering();
    set(numbering, in.readLine().substring(10));
    numbering.addTo(grid);
    StringBuilder out = new StringBuilder();
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      String[] xy = line.trim().split(" ");
      Point p = new Point((int) Math.round(Double.parseDouble(xy[0])),
                          (int) Math.round(Double.parseDouble(xy[1])));
      out.append(grid.locationName(p)).append('\n');
    }
    Answers.write(args, out);
  }
}
