// `PrimerFoundation` is a module of Primer's iOS SDK (primer-sdk-ios, `Modules/PrimerFoundation`:
// `CardNetwork`, `PrimerSessionIntent`, `PrimerValidationError`…) that SDK code imports beside
// `PrimerSDK` (the Debug App's view controllers start `import PrimerFoundation` / `import PrimerSDK`).
// Here the names live in `PrimerHeadlessCompat`, and this module is empty on purpose: it exists
// so that `import PrimerFoundation` compiles unchanged. It holds no logic and no declaration.
