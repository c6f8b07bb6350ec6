/*
 * Values only the visitor's browser knows. The client runs the script as a function body and answers
 * with its return value, which `resume` stores.
 */

// Tablets first: their user agents often mention "Android" without "Mobile", or name the tablet.
export const deviceTypeScript = [
  "const agent = navigator.userAgent;",
  "if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(agent)) return 'tablet';",
  "if (/Mobi|iPhone|iPod|Android|BlackBerry|IEMobile|Opera Mini/i.test(agent)) return 'mobile';",
  "return 'desktop';",
].join("\n");

// The visitor's own clock decides, not the server's.
export const momentOfTheDayScript = [
  "const hour = new Date().getHours();",
  "if (hour < 12) return 'morning';",
  "if (hour < 18) return 'afternoon';",
  "return 'evening';",
].join("\n");
