/** A bot of `count` groups (a text with a variable, a text input, two buttons), each button leading on. */
export function largeBot(count: number) {
  const variables = [{ id: "vname", name: "name" }];
  const groups = [];
  const edges = [];
  for (let index = 0; index < count; index++) {
    const next = (offset: number) => `g${(index + offset) % count}`;
    const items = [1, 2].map((offset) => ({
      id: `g${index}i${offset}`,
      content: `Option ${offset} of ${index}`,
      outgoingEdgeId: `g${index}e${offset}`,
    }));
    groups.push({
      id: `g${index}`,
      title: `Step ${index + 1}`,
      graphCoordinates: { x: (index % 10) * 380, y: Math.floor(index / 10) * 420 },
      blocks: [
        {
          id: `g${index}b1`,
          type: "text",
          content: { richText: [{ type: "p", children: [{ text: `Step ${index + 1}, {{name}}: what next?` }] }] },
        },
        { id: `g${index}b2`, type: "text input", options: { variableId: "vname" } },
        { id: `g${index}b3`, type: "choice input", items },
      ],
    });
    for (const offset of [1, 2])
      edges.push({
        id: `g${index}e${offset}`,
        from: { blockId: `g${index}b3`, itemId: `g${index}i${offset}` },
        to: { groupId: next(offset) },
      });
  }
  edges.push({ id: "estart", from: { eventId: "start" }, to: { groupId: "g0" } });
  return {
    name: `${count} groups`,
    groups,
    edges,
    variables,
    events: [{ id: "start", type: "start", graphCoordinates: { x: -300, y: 0 }, outgoingEdgeId: "estart" }],
  };
}
