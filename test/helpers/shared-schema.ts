/** PostgreSQL schemas of the workers' shared servers: `t_shared_<run id>_<pid>`, dropped by the run's global setup. */
export const SHARED_SCHEMA_PREFIX = "t_shared_";
