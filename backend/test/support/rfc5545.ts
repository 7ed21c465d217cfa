/**
 * A strict reader of the iCalendar text ChapterWise writes (RFC 5545): checks line ends, folding, nesting and the
 * properties each component must have, and returns the unfolded components. No iCalendar parser is installed, so
 * the rules the exporter must follow are checked here one by one.
 */
export interface IcsComponent {
  name: string;
  properties: Array<{ name: string; params: Record<string, string>; value: string }>;
  components: IcsComponent[];
}

const encoder = new TextEncoder();

export function parseIcs(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('the file must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const [index, line] of physical.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`line ${index + 1} has a bare CR or LF`);
    if (encoder.encode(line).length > 75) throw new Error(`line ${index + 1} is longer than 75 octets`);
    if (line === '') throw new Error(`line ${index + 1} is empty`);
  }
  // Unfold: a line starting with a space or tab continues the previous one.
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (lines.length === 0) throw new Error('the file starts with a continuation line');
      lines[lines.length - 1] += line.slice(1);
    } else lines.push(line);
  }
  const root: IcsComponent = { name: '', properties: [], components: [] };
  const stack: IcsComponent[] = [root];
  for (const line of lines) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const [, name, rawParams, value] = match as unknown as [string, string, string, string];
    const params = Object.fromEntries(
      [...rawParams.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/g)].map((param) => [param[1]!, param[2]!]),
    );
    const top = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const component: IcsComponent = { name: value, properties: [], components: [] };
      top.components.push(component);
      stack.push(component);
    } else if (name === 'END') {
      if (top.name !== value) throw new Error(`END:${value} closes ${top.name || 'nothing'}`);
      stack.pop();
    } else {
      if (stack.length === 1) throw new Error(`property ${name} outside any component`);
      // TEXT values escape backslash, semicolon and comma; a lone backslash before anything else is invalid.
      if (['SUMMARY', 'DESCRIPTION', 'X-WR-CALNAME', 'LOCATION'].includes(name) && /\\[^\\;,nN]/.test(value))
        throw new Error(`${name} has an invalid escape`);
      if (['SUMMARY', 'DESCRIPTION'].includes(name) && /(^|[^\\]);|(^|[^\\]),/.test(value.replace(/\\\\/g, '')))
        throw new Error(`${name} has an unescaped ; or ,`);
      top.properties.push({ name, params, value });
    }
  }
  if (stack.length !== 1) throw new Error(`${stack[stack.length - 1]!.name} is not closed`);
  if (root.components.length !== 1 || root.components[0]!.name !== 'VCALENDAR')
    throw new Error('one VCALENDAR expected');
  const calendar = root.components[0]!;
  const one = (component: IcsComponent, name: string) => {
    const found = component.properties.filter((property) => property.name === name);
    if (found.length !== 1) throw new Error(`${component.name} must have exactly one ${name}, has ${found.length}`);
    return found[0]!;
  };
  if (one(calendar, 'VERSION').value !== '2.0') throw new Error('VERSION must be 2.0');
  one(calendar, 'PRODID');
  const uids = new Set<string>();
  for (const event of calendar.components) {
    if (event.name !== 'VEVENT') continue;
    const uid = one(event, 'UID').value;
    if (uids.has(uid)) throw new Error(`UID ${uid} is used twice`);
    uids.add(uid);
    if (!/^\d{8}T\d{6}Z$/.test(one(event, 'DTSTAMP').value)) throw new Error('DTSTAMP must be a UTC date-time');
    const start = one(event, 'DTSTART');
    const isDate = start.params.VALUE === 'DATE';
    if (isDate ? !/^\d{8}$/.test(start.value) : !/^\d{8}T\d{6}Z?$/.test(start.value))
      throw new Error(`DTSTART ${start.value} does not match its value type`);
    const end = event.properties.find((property) => property.name === 'DTEND');
    if (end && (end.params.VALUE === 'DATE') !== isDate) throw new Error('DTEND and DTSTART must have the same type');
    if (end && end.value <= start.value) throw new Error('DTEND must be after DTSTART');
  }
  return calendar;
}

/** A TEXT value with its escapes undone. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, character: string) => (character.toLowerCase() === 'n' ? '\n' : character));
}
