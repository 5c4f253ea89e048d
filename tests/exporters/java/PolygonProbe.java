// Asks java.awt.Polygon (what VASSAL's Zone holds) which points it contains.
// stdin: "x,y;x,y;..." (the vertices, as a Zone's path), then one "x y" per line.
// answers (to the file named by the first argument, see Answers): true or false per point.
import java.awt.Point;
import java.awt.Polygon;
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class PolygonProbe {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    Polygon polygon = new Polygon();
    for (String xy : in.readLine().trim().split(";")) {
      String[] v = xy.split(",");
      polygon.addPoint(Integer.parseInt(v[0]), Integer.parseInt(v[1]));
    }
    StringBuilder out = new StringBuilder();
    String line;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) continue;
      String[] xy = line.trim().split(" ");
      out.append(polygon.contains(new Point(Integer.parseInt(xy[0]), Integer.parseInt(xy[1])))).append('\n');
    }
    Answers.write(args, out);
  }
}
