from fsctl.cli import main

main()
