import { z } from "zod";
import { optionalText } from "./shared.js";

/** The Blink block's server actions, by the names the reference stores (its `Redirect` runs in the client). */
export const blinkActions = {
  getUsers: "Get Users",
  sendFeedEvent: "Send Feed Event",
} as const;

/** A Blink user's fields the Get Users action can save, by the labels the reference stores. */
export const blinkUserFields = {
  email: "Emails",
  company_name: "Company Names",
  first_name: "First Names",
  second_name: "Second Names",
  display_name: "Display Names",
  initials: "Initials",
  job_title: "Job Titles",
  profile_photo_id: "Profile Photo IDs",
  timezone: "Timezones",
  manager_id: "Manager IDs",
  department_name: "Department Names",
  account_status: "Account Statuses",
  id: "User IDs",
  employee_id: "Employee IDs",
} as const;

const numberOrText = z.union([z.number(), z.string()]).optional();

/** A card section of a feed event; `type` is one of the reference's section names. */
export const blinkSectionTypes = [
  "Header",
  "Text",
  "Labelled Text",
  "Image",
  "Image gallery",
  "YouTube",
  "Link",
  "Buttons",
  "Attachment",
  "Event",
  "Horizontal Bar Chart",
] as const;
export const blinkSectionSchema = z.looseObject({
  type: z.enum(blinkSectionTypes).optional(),
  title: optionalText,
  iconUrl: optionalText,
  value: optionalText,
  label: optionalText,
  imageUrl: optionalText,
  fitImage: z.boolean().optional(),
  width: numberOrText,
  height: numberOrText,
  imageUrls: z.array(z.string()).optional(),
  link: optionalText,
  url: optionalText,
  description: optionalText,
  imagePlacement: z.enum(["left", "right", "top"]).optional(),
  buttons: z
    .array(
      z.looseObject({
        clientAction: z
          .looseObject({ type: z.enum(["Open Link", "Open Webview"]).optional(), url: optionalText })
          .optional(),
        label: optionalText,
        iconUrl: optionalText,
      }),
    )
    .optional(),
  start: optionalText,
  end: optionalText,
  allDay: z.boolean().optional(),
  total: numberOrText,
  data: z.array(z.looseObject({ name: optionalText, value: numberOrText, label: optionalText })).optional(),
});
export type BlinkSection = z.infer<typeof blinkSectionSchema>;

export const blinkOptionsSchema = z.looseObject({
  credentialsId: optionalText,
  action: optionalText,
  filter: z
    .looseObject({
      type: z.enum(["User ID", "Employee ID"]).optional(),
      userId: optionalText,
      employeeId: optionalText,
    })
    .optional(),
  responseMapping: z.array(z.looseObject({ item: optionalText, variableId: optionalText })).optional(),
  categoryId: optionalText,
  ribbonColor: optionalText,
  sections: z.array(blinkSectionSchema).optional(),
  allowComments: z.boolean().optional(),
  allowReactions: z.boolean().optional(),
  userIds: z.array(z.string()).optional(),
  groupIds: z.array(z.string()).optional(),
  pushNotification: z.looseObject({ title: optionalText, text: optionalText }).optional(),
  /** Redirect: the hub or folder link to open. */
  url: optionalText,
});
export type BlinkOptions = z.infer<typeof blinkOptionsSchema>;
