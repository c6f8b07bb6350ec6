import { fakeService } from "./plugin-fake-server.js";

type Row = Record<string, unknown>;
export const NOCODB_TOKEN = "nc-test-token";
export const NOCODB_TABLE = "tbl_people";

/** One `(column,operator,value)` condition as NocoDB evaluates it (the operators the block uses). */
function matches(row: Row, condition: string): boolean {
  const [column, operator, ...rest] = condition.slice(1, -1).split(",");
  const value = rest.join(",");
  const cell = row[column];
  const text = cell === null || cell === undefined ? "" : String(cell).toLowerCase();
  const like = new RegExp(
    `^${value
      .toLowerCase()
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replace(/%/g, ".*")}$`,
  );
  switch (operator) {
    case "eq":
      return String(cell) === value;
    case "neq":
      return String(cell) !== value;
    case "gt":
      return Number(cell) > Number(value);
    case "lt":
      return Number(cell) < Number(value);
    case "like":
      return like.test(text);
    case "is":
      return cell === null || cell === undefined || cell === "";
    case "isnot":
      return !(cell === null || cell === undefined || cell === "");
    default:
      throw new Error(`The fake does not know the operator ${operator}`);
  }
}

/** Rows matching a `where` of conditions joined by `~and` / `~or` (one kind per clause, as the block writes them). */
function filtered(rows: Row[], where: string | null): Row[] {
  if (!where) return rows;
  const or = where.includes("~or(");
  const conditions = where.split(or ? /~or(?=\()/ : /~and(?=\()/);
  return rows.filter((row) =>
    or
      ? conditions.some((condition) => matches(row, condition))
      : conditions.every((condition) => matches(row, condition)),
  );
}

/**
 * A NocoDB v2 API with one table of people (its `Friends` column links to other records): list with
 * `where`, create, bulk update, link, and table metadata. A wrong `xc-token` answers 401; another table 404.
 */
export async function fakeNocoDb() {
  const rows: Row[] = [
    { Id: 1, Name: "Ann", Age: 31, City: "Paris", Email: "ann@example.com" },
    { Id: 2, Name: "Bob", Age: 25, City: "Lyon", Email: null },
    { Id: 3, Name: "Cid", Age: 40, City: "Paris", Email: "cid@example.com" },
  ];
  const links: { recordId: string; columnId: string; ids: unknown }[] = [];
  const tablePath = `/api/v2/tables/${NOCODB_TABLE}`;
  const service = await fakeService((call) => {
    if (call.headers["xc-token"] !== NOCODB_TOKEN) return { status: 401, body: { msg: "Invalid token" } };
    if (call.path === `/api/v2/meta/tables/${NOCODB_TABLE}`)
      return {
        status: 200,
        body: {
          id: NOCODB_TABLE,
          columns: [
            { id: "c_id", title: "Id", uidt: "ID" },
            { id: "c_name", title: "Name", uidt: "SingleLineText" },
            { id: "c_friends", title: "Friends", uidt: "LinkToAnotherRecord" },
          ],
        },
      };
    if (call.path === `${tablePath}/records` && call.method === "GET") {
      const list = filtered(rows, call.query.get("where"));
      return { status: 200, body: { list, pageInfo: { totalRows: list.length, page: 1, pageSize: 1000 } } };
    }
    if (call.path === `${tablePath}/records` && call.method === "POST") {
      const row = { Id: rows.length + 1, ...call.json };
      rows.push(row);
      return { status: 200, body: { Id: row.Id } };
    }
    if (call.path === `${tablePath}/records` && call.method === "PATCH") {
      for (const update of call.json as Row[]) Object.assign(rows.find((row) => row.Id === update.Id) ?? {}, update);
      return { status: 200, body: (call.json as Row[]).map((update) => ({ Id: update.Id })) };
    }
    const link = call.path.match(new RegExp(`^${tablePath}/links/([^/]+)/records/([^/]+)$`));
    if (link && call.method === "POST") {
      links.push({ columnId: link[1], recordId: link[2], ids: call.json });
      return { status: 200, body: true };
    }
    return { status: 404, body: { msg: `Table '${call.path.match(/tables\/([^/]+)/)?.[1]}' not found` } };
  });
  return { ...service, rows, links };
}
