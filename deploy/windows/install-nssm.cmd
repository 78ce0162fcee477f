@echo off
rem Casemix RS as a Windows service with NSSM (docs/DEPLOY.md, "Windows").
rem Run in an administrator console, with nssm.exe on PATH and casemix.exe in C:\Casemix.
set APP=C:\Casemix
set DATA=C:\CasemixData
mkdir "%DATA%\logs" 2>nul
nssm install Casemix "%APP%\casemix.exe"
nssm set Casemix DisplayName "Casemix RS"
nssm set Casemix Description "Casemix RS: back office rawat inap dan INA-CBG"
nssm set Casemix AppDirectory "%APP%"
nssm set Casemix AppEnvironmentExtra DATA_DIR=%DATA% HOST=0.0.0.0 PORT=8000
nssm set Casemix Start SERVICE_DELAYED_AUTO_START
rem stop: Ctrl-C first and wait up to 30 s (graceful stop), no window close, then terminate
nssm set Casemix AppStopMethodSkip 6
nssm set Casemix AppStopMethodConsole 30000
nssm set Casemix AppExit Default Restart
nssm set Casemix AppRestartDelay 10000
nssm set Casemix AppStdout "%DATA%\logs\casemix.out.log"
nssm set Casemix AppStderr "%DATA%\logs\casemix.err.log"
nssm set Casemix AppRotateFiles 1
nssm set Casemix AppRotateBytes 10485760
netsh advfirewall firewall add rule name="Casemix RS (TCP 8000)" dir=in action=allow protocol=TCP localport=8000 profile=domain,private
nssm start Casemix
