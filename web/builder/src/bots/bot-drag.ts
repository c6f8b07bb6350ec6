import { useState, type DragEvent } from "react";

/** The drag's data type: only bot cards carry it, so files or text dragged in are not taken for a bot. */
const BOT_TYPE = "application/x-parley-bot";

export function startBotDrag(event: DragEvent, botId: string): void {
  event.dataTransfer.setData(BOT_TYPE, botId);
  event.dataTransfer.effectAllowed = "move";
}

/** A folder or breadcrumb a bot can be dropped on: highlighted while one is over it. */
export function useBotDropTarget(onDropBot: ((botId: string) => void) | undefined) {
  const [over, setOver] = useState(false);
  if (!onDropBot) return { over: false, props: {} };
  const carriesBot = (event: DragEvent) => event.dataTransfer.types.includes(BOT_TYPE);
  return {
    over,
    props: {
      onDragOver: (event: DragEvent) => {
        if (!carriesBot(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const botId = event.dataTransfer.getData(BOT_TYPE);
        if (!botId) return;
        event.preventDefault();
        onDropBot(botId);
      },
    },
  };
}
