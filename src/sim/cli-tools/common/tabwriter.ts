// Go's text/tabwriter, the column aligner behind every kubectl table and `kubectl describe`.
// Text is split into cells by tabs; a cell terminated by a tab belongs to a column, the last cell of
// a line does not. Columns are aligned per "column block": a run of consecutive lines that all have
// a cell in that column. A line without tabs therefore ends every block, which is why `describe`
// output re-aligns after each section header. The algorithm follows text/tabwriter's format().

export interface TabwriterOptions {
  /** Minimal cell width including padding. */
  minwidth: number;
  /** Added to the widest cell of a column. */
  padding: number;
  /** Padding character; tabwriter's tab-padding mode is not needed by kubectl. */
  padchar: string;
}

/** cli-runtime printers/tabwriter.go: tabwriterMinWidth 6, tabwriterWidth 4, tabwriterPadding 3, padchar ' '. */
export const KUBECTL_TABLE: TabwriterOptions = { minwidth: 6, padding: 3, padchar: ' ' };

/** kubectl describe: tabwriter.NewWriter(out, 0, 8, 2, ' ', 0) (kubectl pkg/describe/describe.go). */
export const KUBECTL_DESCRIBE: TabwriterOptions = { minwidth: 0, padding: 2, padchar: ' ' };

interface Cell {
  text: string;
  width: number;
}

function splitLines(text: string): { lines: Cell[][]; trailingNewline: boolean } {
  const trailingNewline = text.endsWith('\n');
  const raw = text.split('\n');
  if (trailingNewline) raw.pop();
  const lines = raw.map((line) =>
    line.split('\t').map((t) => ({ text: t, width: Array.from(t).length })),
  );
  return { lines, trailingNewline };
}

/** Align tab-separated text exactly as a Go tabwriter flushed once at the end would. */
export function tabwrite(text: string, opts: TabwriterOptions = KUBECTL_TABLE): string {
  const { lines, trailingNewline } = splitLines(text);
  const widths: number[] = [];
  const out: string[] = [];

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const line = lines[i]!;
      let s = '';
      line.forEach((c, j) => {
        if (j < widths.length) {
          s += c.text + opts.padchar.repeat(Math.max(0, widths[j]! - c.width));
        } else {
          s += c.text;
        }
      });
      out.push(s);
    }
  };

  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    for (let cur = line0; cur < line1; cur++) {
      if (column >= lines[cur]!.length - 1) continue;
      // A cell exists in this column: print the lines before the block, then measure the block.
      writeLines(line0, cur);
      line0 = cur;
      let width = opts.minwidth;
      for (; cur < line1; cur++) {
        const line = lines[cur]!;
        if (column >= line.length - 1) break;
        width = Math.max(width, line[column]!.width + opts.padding);
      }
      widths.push(width);
      format(line0, cur);
      widths.pop();
      // As in Go, the line that ended the block has no cell in this column, so skipping it is safe.
      line0 = cur;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n') + (trailingNewline ? '\n' : '');
}
