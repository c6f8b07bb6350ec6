export type VariableValue = string | (string | null)[] | null;

export type VariableLike = {
  id: string;
  name: string;
  value?: VariableValue;
  isSessionVariable?: boolean;
};
