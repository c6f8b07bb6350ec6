export { createIntegrationPorts } from "./create-integration-ports.js";
