print("pagegen-mock")
