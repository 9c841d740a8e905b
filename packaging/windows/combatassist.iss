; Inno Setup 6 script: Windows installer for Combat Assistant.
;
; Build the one-folder bundle first (on Windows): `python dev.py build` runs PyInstaller, the
; smoke tests, and then this script when Inno Setup's iscc is on PATH; by hand:
;     iscc /DAppVersion=X.Y.Z packaging\windows\combatassist.iss
; The version is never written here: it comes from pyproject.toml through /DAppVersion.
; Output: dist\CombatAssistant-<version>-windows-setup.exe

#ifndef AppVersion
  #error Pass the app version: iscc /DAppVersion=X.Y.Z (packaging/build.py passes pyproject's)
#endif
#ifndef BundleDir
  #define BundleDir "..\..\dist\combatassist"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif
#define AppName "Combat Assistant"
#define GuiExe "combatassist-gui.exe"
#define AppUserModelID "io.github.combatassist.CombatAssistant"

[Setup]
; AppId identifies the app across versions (upgrades, uninstall): never change it.
AppId={{AD5E3DB7-CF94-4446-96F0-ABBC434DDAFF}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=Combat Assistant contributors
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Per-user install by default (no administrator rights needed); the dialog offers all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
OutputDir={#OutputDir}
OutputBaseFilename=CombatAssistant-{#AppVersion}-windows-setup
SetupIconFile=..\..\resources\icons\combatassist.ico
UninstallDisplayIcon={app}\{#GuiExe}
UninstallDisplayName={#AppName} {#AppVersion}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[InstallDelete]
; An upgrade replaces the bundle's _internal folder whole: no stale libraries from older versions.
Type: filesandordirs; Name: "{app}\_internal"

[Files]
; The whole PyInstaller folder: both executables (combatassist-gui.exe, combatassist.exe) and _internal\.
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#GuiExe}"; AppUserModelID: "{#AppUserModelID}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#GuiExe}"; AppUserModelID: "{#AppUserModelID}"; Tasks: desktopicon

[Run]
Filename: "{app}\{#GuiExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
