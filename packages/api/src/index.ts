// The Marginalia server's request rules and answer shapes, shared by host-server and host-app.
export {
  confirmingPasswordField,
  currentPasswordField,
  emailField,
  linkTokenField,
  nameField,
  newPasswordField,
  signInPasswordField,
} from './fields';
export * from './requests';
export * from './summary';
export type * from './responses';
